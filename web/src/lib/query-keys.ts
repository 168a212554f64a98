/**
 * Cache keys that several features read or write: a feature updates another's cached data through
 * these, never by importing that feature.
 */

/** Cache key of one thread (its page, the create flow's restore, a visibility change). */
export const threadQueryKey = (threadId: string) => ['thread', threadId] as const;

/** Cache key of one stored picture (its signed URL), read by the post editor and the share step's preview. */
export const mediaQueryKey = (mediaId: string) => ['media', mediaId] as const;
