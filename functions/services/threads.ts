import { contentSafetyError } from '../../shared/content-safety';
import { apiErrorMessages } from '../../shared/messages';
import { POST_CHAR_LIMIT, postLength } from '../../shared/post-length';
import { generatedSize } from '../../shared/posts';
import type { Thread, UpdateThreadRequest } from '../../shared/schemas/thread';
import { updateThreadForUser } from '../data/thread-repository';
import { NotFoundError, ValidationError } from '../lib/errors';
import { assertThreadAccess } from './thread-access';

/** The caller's thread (404 if none, 403 if someone else's). */
export function getThread(userId: string, threadId: string, now: Date): Promise<Thread> {
  return assertThreadAccess(userId, threadId, now);
}

/**
 * Saves edited posts: at least one, each within 280 by the weighted count and free of unsafe
 * markup, and the attribution post exactly as generated. Nothing is written if any check fails.
 */
export async function saveThreadPosts(
  userId: string,
  threadId: string,
  request: UpdateThreadRequest,
  now: Date,
): Promise<Thread> {
  const current = await assertThreadAccess(userId, threadId, now);
  if (request.posts.length === 0) throw new ValidationError(apiErrorMessages.no_posts, 'no_posts');
  const attribution = current.posts[current.posts.length - 1];
  const submittedLast = request.posts[request.posts.length - 1];
  if (attribution && submittedLast?.content !== attribution.content)
    throw new ValidationError(apiErrorMessages.attribution_protected, 'attribution_protected');
  for (const post of request.posts.slice(0, -1)) {
    const unsafe = contentSafetyError(post.content);
    if (unsafe) throw new ValidationError(unsafe, 'content_unsafe');
    if (postLength(post.content) > POST_CHAR_LIMIT)
      throw new ValidationError(apiErrorMessages.post_too_long, 'post_too_long');
  }
  const sources = new Map(current.posts.map((post) => [post.id, post.source]));
  const posts = request.posts.map((post) => {
    const source = sources.get(post.id);
    return { id: post.id, content: post.content, charCount: postLength(post.content), ...(source ? { source } : {}) };
  });
  const updated = await updateThreadForUser(
    userId,
    threadId,
    { posts, generatedSize: generatedSize(posts) },
    now.toISOString(),
  );
  if (!updated) throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  return updated;
}
