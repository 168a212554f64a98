// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { Thread } from './schemas/thread';

/** Characters of the first post shown on a My Threads card. */
export const CARD_PREVIEW_CHARS = 120;

/** A card's preview of the thread's first post: cut to 120 characters with an ellipsis, a short one whole. */
export function cardPreview(firstPost: string | undefined): string {
  const first = firstPost ?? '';
  return first.length > CARD_PREVIEW_CHARS ? `${first.slice(0, CARD_PREVIEW_CHARS).trimEnd()}...` : first;
}

/** A thread shows 'Posted' once it went to X or any platform reported it posted. */
export function isPosted(thread: Pick<Thread, 'postedToX' | 'platformPosts'>): boolean {
  return thread.postedToX || Object.values(thread.platformPosts).some((post) => post?.posted === true);
}
