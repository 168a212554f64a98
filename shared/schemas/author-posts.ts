import * as z from 'zod';

/**
 * Platforms whose credit post can quote the article author's own post (X only where the curator
 * turned paid reads on, as for insights: finding the post is a billed read).
 */
export const QUOTING_PLATFORMS = ['bluesky', 'mastodon', 'twitter', 'threads'] as const;
export const quotingPlatformSchema = z.enum(QUOTING_PLATFORMS);
export type QuotingPlatform = z.infer<typeof quotingPlatformSchema>;
export const isQuotingPlatform = (platform: string): platform is QuotingPlatform =>
  quotingPlatformSchema.safeParse(platform).success;

/** GET /api/threads/{threadId}/author-posts?platforms=bluesky,mastodon,twitter,threads */
export const authorPostsQuerySchema = z.object({
  platforms: z
    .string()
    .transform((list) => [...new Set(list.split(',').map((name) => name.trim()))])
    .pipe(z.array(quotingPlatformSchema).min(1)),
});

/** The author's post found on a platform, as the share step shows it. */
export const authorPostSchema = z.object({
  /** What the publish request names to quote it: a Bluesky at:// URI, a Mastodon status id, an X post id, a Threads media id. */
  id: z.string(),
  cid: z.string().optional(),
  url: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  authorHandle: z.string(),
});

/** Why no post was looked for where the curator could change it: X's reads are billed and off until turned on. */
export const AUTHOR_POST_UNSEARCHED = ['paid_reads_off'] as const;

export const authorPostsResponseSchema = z.object({
  posts: z.array(
    z.object({
      platform: quotingPlatformSchema,
      post: authorPostSchema.nullable(),
      /** Set when the author has an account there but nothing was searched, for this reason. */
      unsearched: z.enum(AUTHOR_POST_UNSEARCHED).optional(),
    }),
  ),
});
export type AuthorPostsResponse = z.infer<typeof authorPostsResponseSchema>;

/**
 * The author's posts the curator chose to quote, per platform, as the share step found them: only the
 * id is taken, and the server checks it again before quoting.
 */
export const chosenQuotesSchema = z.partialRecord(quotingPlatformSchema, z.string().min(1).max(512));
export type ChosenQuotes = z.infer<typeof chosenQuotesSchema>;
