// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { Platform, Thread } from '../schemas/thread';
import { type LinkPlacement, placedThreadText } from './link-placement';
import { type LaidOutPost, layoutThread, type PostRules } from './reflow';

/** What of a thread its platform versions are made from. */
export type LaidOutThread = Pick<Thread, 'title' | 'posts' | 'sourceUrl' | 'authorHandles' | 'author'>;

/**
 * The thread as one platform gets it: re-flowed to the platform's rules (joined, split, composed as
 * one post), the source link placed as `placement` says, pictured posts kept apart. The one renderer
 * of a platform's posts: the publisher, the share step's preview and the client's review link use it,
 * so what is previewed and reviewed is what is posted.
 */
export function layoutForPlatform(
  thread: LaidOutThread,
  platform: Platform,
  placement: LinkPlacement,
  rules: PostRules,
): LaidOutPost[] {
  return layoutThread(
    {
      title: thread.title,
      posts: thread.posts.map((post) => post.content),
      sourceUrl: thread.sourceUrl,
      authorHandles: thread.authorHandles,
      author: thread.author,
      withPictures: new Set(thread.posts.flatMap((post, index) => (post.media?.length ? [index] : []))),
      ...placedThreadText(platform, placement, thread.sourceUrl),
    },
    rules,
  );
}
