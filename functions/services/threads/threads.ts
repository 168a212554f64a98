import { contentSafetyError } from '#shared/content-safety';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { checkAfterEdit } from '#shared/post-check';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { generatedSize } from '#shared/posts';
import {
  type ListThreadsQuery,
  type NewestThreadResponse,
  THREAD_PAGE_SIZE,
  type Thread,
  type ThreadPage,
  type UpdateThreadRequest,
} from '#shared/schemas/thread';
import { decodeThreadCursor, encodeThreadCursor } from '../../data/cursor';
import { deletePublicThreadEntry } from '../../data/public-thread-repository';
import { deleteReviewItemsOfThread } from '../../data/review-repository';
import {
  deleteThreadForUser,
  getNewestThreadIdForUser,
  listThreadsForUser,
  type ThreadPage as StoredThreadPage,
  threadForUserRead,
  updateThreadForUser,
} from '../../data/thread-repository';
import type { FirstRead } from '../../lib/account-checked-read';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { type AccessContext, assertThreadAccess, recordThreadEvent, refuseThreadAccess } from './thread-access';
import { checkedPostPictures } from './thread-pictures';

/**
 * The history page's read, the route's first (a Query, run beside the account check): one page of
 * the user's threads in the chosen order. A cursor that is not the user's is refused here (400).
 */
export function threadPageRead(userId: string, query: ListThreadsQuery): FirstRead<StoredThreadPage> {
  const startKey = query.cursor ? decodeThreadCursor(query.cursor, query.sort, userId) : null;
  return {
    sideBySide: () => listThreadsForUser(userId, { field: query.sort, order: query.order }, THREAD_PAGE_SIZE, startKey),
  };
}

/** The page `threadPageRead` read, with the cursor of the next page; the reading recorded (`thread_access`). */
export async function listThreads(context: AccessContext, page: StoredThreadPage): Promise<ThreadPage> {
  await recordThreadEvent(context, 'thread_access', { count: page.threads.length });
  return {
    threads: page.threads,
    nextCursor: page.next ? encodeThreadCursor(page.next) : null,
  };
}

/**
 * The id of the caller's newest thread (the open history's poll, every few seconds). Keyed by the
 * caller's own id, it can only name their thread and returns no content, so unlike a listing it
 * records no security event (one per open tab every 4 s would bury the log).
 */
export async function newestThread(userId: string): Promise<NewestThreadResponse> {
  return { threadId: await getNewestThreadIdForUser(userId) };
}

/** Why a thread is read: its page (detail, manual share) or the create flow restoring it after a reload. */
export type ThreadReadPurpose = 'detail' | 'restore';

const READ_EVENTS = {
  detail: { read: 'thread_detail_access', violation: 'thread_ownership_violation', missing: 'thread_access_failed' },
  restore: {
    read: 'thread_restored',
    violation: 'unauthorized_thread_restore_attempt',
    missing: 'thread_restoration_failed',
  },
} as const;

/** The thread detail's read, the route's first (batched with the account check): the caller's own thread. */
export function threadDetailRead(userId: string, threadId: string): FirstRead<Thread | null> {
  return threadForUserRead(userId, threadId);
}

/**
 * The caller's thread as `threadDetailRead` found it (404 if none, 403 if someone else's), its
 * reading recorded as its purpose says.
 */
export async function getThread(
  context: AccessContext,
  threadId: string,
  found: Thread | null,
  purpose: ThreadReadPurpose = 'detail',
): Promise<Thread> {
  const events = READ_EVENTS[purpose];
  if (!found) return refuseThreadAccess(context, threadId, events);
  await recordThreadEvent(context, events.read, { threadId });
  return found;
}

/**
 * Saves edited posts: at least one, each within 280 by the weighted count and free of unsafe
 * markup, and the attribution post exactly as generated. Nothing is written if any check fails.
 */
export async function saveThreadPosts(
  context: AccessContext,
  threadId: string,
  request: UpdateThreadRequest,
): Promise<Thread> {
  const current = await assertThreadAccess(context, threadId);
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
  const previous = new Map(current.posts.map((post) => [post.id, post]));
  const pictures = await checkedPostPictures(
    context,
    current,
    request.posts.map((post) => post.media),
  );
  const posts = request.posts.map((post, index) => {
    const before = previous.get(post.id);
    const check = checkAfterEdit(before, post.content);
    return {
      id: post.id,
      content: post.content,
      charCount: postLength(post.content),
      ...(before?.source ? { source: before.source } : {}),
      ...(before?.source && before.sourceFragment !== undefined ? { sourceFragment: before.sourceFragment } : {}),
      ...(check ? { check } : {}),
      ...(pictures[index]?.length ? { media: pictures[index] } : {}),
    };
  });
  const updated = await updateThreadForUser(
    context.userId,
    threadId,
    { posts, generatedSize: generatedSize(posts) },
    context.now.toISOString(),
  );
  if (!updated) throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  await recordThreadEvent(context, 'thread_updated', { threadId });
  return updated;
}

/**
 * What deleting a thread does in an area above this one (scheduling), passed in by the caller so
 * that threads never imports it: the thread's upcoming scheduled publishes cancelled.
 */
export interface ThreadDeletionHooks {
  cancelSchedulesOfThread(userId: string, threadId: string, now: Date): Promise<unknown>;
}

/** Deletes the caller's thread for good, cancelling its scheduled publishes (404 if none, 403 if someone else's; each recorded). */
export async function deleteThread(
  context: AccessContext,
  threadId: string,
  hooks: ThreadDeletionHooks,
): Promise<void> {
  if (await deleteThreadForUser(context.userId, threadId)) {
    await recordThreadEvent(context, 'thread_deleted', { threadId });
    await hooks.cancelSchedulesOfThread(context.userId, threadId, context.now);
    await deletePublicThreadEntry(context.userId, threadId);
    await deleteReviewItemsOfThread(context.userId, threadId);
    return;
  }
  await refuseThreadAccess(context, threadId, {
    violation: 'unauthorized_thread_access',
    missing: 'thread_delete_failed',
  });
}
