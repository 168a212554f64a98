import * as z from 'zod';

/**
 * Feeds and the inbox: the API contract shared by the feeds routes and the SPA (issue 28).
 */

export const FEED_LIMITS = {
  maxFeedsPerUser: 50,
  /** 'Check now' at most once per this many seconds per feed. */
  checkNowIntervalSeconds: 5 * 60,
  /** Failures in a row before a feed is marked failing (and checked daily). */
  failuresBeforeFailing: 5,
  defaultAutoDraftsPerDay: 3,
  maxAutoDraftsPerDay: 50,
  /** Body cap of one fetch: a larger feed is cut there and marked. */
  maxFeedBytes: 5 * 1024 * 1024,
  summaryChars: 280,
  /** A feed's or an entry's title is cut (on a word or grapheme boundary) past this. */
  titleChars: 300,
  /** A link longer than this is not kept (a URL cannot be cut); the same bound as an added feed's URL. */
  urlChars: 2048,
  /** The newest entries of one fetch that are kept; older ones are not read into the inbox. */
  entriesPerFetch: 100,
} as const;

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'Not a valid id');

export const feedParamsSchema = z.object({ feedId: idSchema });
/** An inbox item's id: `<feedId>.<entryId>`. */
export const inboxItemParamsSchema = z.object({
  itemId: z.string().regex(/^[A-Za-z0-9_-]{1,40}\.[A-Za-z0-9_-]{1,40}$/, 'Not a valid id'),
});

/** POST /api/feeds: a feed's URL or a site's URL (its feed found by autodiscovery). */
export const addFeedRequestSchema = z.object({
  url: z.string({ error: 'A URL is required' }).trim().min(1, 'A URL is required').max(2048, 'The URL is too long'),
});

/** PUT /api/feeds/{feedId}: the per-feed Auto-draft switch. */
export const updateFeedRequestSchema = z.object({ autoDraft: z.boolean() });

/** PUT /api/feeds/settings: how many auto-drafts a day, across the user's feeds. */
export const feedSettingsSchema = z.object({
  autoDraftsPerDay: z.number().int().min(1).max(FEED_LIMITS.maxAutoDraftsPerDay),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

export const feedStateSchema = z.enum(['ok', 'failing']);

export const feedSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  siteUrl: z.string().nullable(),
  state: feedStateSchema,
  /** Why the last check failed (kept while failing, and after a failure short of 5 in a row). */
  failureReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string(),
  /** The last fetched body passed the 5 MB cap and was cut there. */
  oversized: z.boolean(),
  autoDraft: z.boolean(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema), settings: feedSettingsSchema });
export type FeedList = z.infer<typeof feedListSchema>;

/**
 * What a feed's Auto-draft did with an item: `pending` until a check settles it, then `drafted` (its
 * job queued), `skipped` with the reason (the day's number, the balance), or `failed` when its job
 * ended without a thread (the reason says why; never charged).
 */
export const autoDraftSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('drafted'), threadId: z.string(), jobId: z.string() }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
  z.object({ status: z.literal('failed'), reason: z.string(), jobId: z.string() }),
]);
export type AutoDraft = z.infer<typeof autoDraftSchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  feedId: z.string(),
  source: z.string(),
  title: z.string(),
  url: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  autoDraft: autoDraftSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({ items: z.array(inboxItemSchema), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxQuerySchema = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A feeds queue message: poll one feed now. */
export const feedPollMessageSchema = z.object({ userId: z.string().min(1), feedId: idSchema });
export type FeedPollMessage = z.infer<typeof feedPollMessageSchema>;
