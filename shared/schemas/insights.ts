import * as z from 'zod';
import { accountIdSchema } from './publishing';
import { platformSchema, threadIdSchema, toneSchema } from './thread';

/**
 * Insights: engagement read back from the platforms after a thread is published. The API contract
 * shared by the insights routes and the SPA. A figure a platform does not report is absent, never 0.
 */

/** When each post's public figures are read back, after the run that made it completed. */
export const READING_SLOTS = ['1h', '24h', '7d'] as const;
export type ReadingSlot = (typeof READING_SLOTS)[number];
/** A scheduled reading, or one the curator asked for with 'Refresh now'. */
export const readingKindSchema = z.enum([...READING_SLOTS, 'manual']);
export type ReadingKind = z.infer<typeof readingKindSchema>;

/** The interactions: what counts as engagement (views, impressions and link clicks do not). */
export const INTERACTION_METRICS = [
  'likes',
  'reposts',
  'replies',
  'quotes',
  'reactions',
  'comments',
  'shares',
  'score',
] as const;
/** The figures platforms report, by our name (each platform's own names are mapped onto these). */
export const METRICS = [...INTERACTION_METRICS, 'views', 'impressions', 'linkClicks'] as const;
export type Metric = (typeof METRICS)[number];

const count = z.number().int().nonnegative();

/** One post's figures at one reading; `deleted` when the platform says the post is gone. */
export const postFiguresSchema = z.object({
  /** 0-based position of the post in the thread as published on that platform. */
  position: z.number().int().nonnegative(),
  remoteId: z.string(),
  deleted: z.boolean(),
  metrics: z.partialRecord(z.enum(METRICS), count),
});
export type PostFigures = z.infer<typeof postFiguresSchema>;

export const platformReadingSchema = z.object({
  kind: readingKindSchema,
  takenAt: z.string(),
  posts: z.array(postFiguresSchema),
  /** Sum of the reported interaction figures over the posts (views, impressions and clicks excluded); null when none was reported. */
  engagement: count.nullable(),
});
export type PlatformReading = z.infer<typeof platformReadingSchema>;

/**
 * Whether figures can be shown for a platform: `reported` (readings exist or are planned),
 * `not_reported` (the platform gives none: Telegram, LinkedIn), `off` (X reads not turned on),
 * `needs_reconnect` (the platform answered 401 to a read).
 */
export const REPORTING_STATES = ['reported', 'not_reported', 'off', 'needs_reconnect'] as const;

/** Credit reach: did the thread's audience get to the attribution post (and the source link)? */
export const creditReachSchema = z.object({
  /** Attribution post's engagement ÷ first post's engagement, 0–1+; null when either is not reported or the first is 0. */
  share: z.number().nonnegative().nullable(),
  attributionEngagement: count.nullable(),
  firstPostEngagement: count.nullable(),
  /** Clicks on the source link where the platform reports them to the owner; null otherwise. */
  sourceClicks: count.nullable(),
});
export type CreditReach = z.infer<typeof creditReachSchema>;

export const platformPerformanceSchema = z.object({
  platform: platformSchema,
  /** The account whose run this is (one row per account); null for a run from before several accounts. */
  accountId: z.string().nullable().optional(),
  reporting: z.enum(REPORTING_STATES),
  /** Shown instead of figures when not reported ('Telegram does not report engagement'). */
  note: z.string().nullable(),
  latest: platformReadingSchema.nullable(),
  /** The scheduled readings taken so far (1h, 24h, 7d), oldest first: the small line. */
  readings: z.array(platformReadingSchema),
  creditReach: creditReachSchema.nullable(),
});
export type PlatformPerformance = z.infer<typeof platformPerformanceSchema>;

/** GET /api/threads/{threadId}/performance; POST …/performance/refresh answers the same after reading. */
export const threadPerformanceSchema = z.object({
  threadId: threadIdSchema,
  platforms: z.array(platformPerformanceSchema),
  totalEngagement: count.nullable(),
  /** When 'Refresh now' may be used again (at most once per 10 minutes per thread); null: now. */
  refreshAllowedAt: z.string().nullable(),
});
export type ThreadPerformance = z.infer<typeof threadPerformanceSchema>;

export const REFRESH_INTERVAL_SECONDS = 600;

export const INSIGHTS_PERIODS = [7, 30, 90] as const;
/** GET /api/insights?days=7|30|90 (default 30). */
export const insightsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (INSIGHTS_PERIODS as readonly number[]).includes(days), 'days is 7, 30 or 90')
    .default(30),
});

/** One group of a comparison with its sample size (threads in the group). */
export const comparisonGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  threads: count,
  averageEngagement: z.number().nonnegative(),
});
export type ComparisonGroup = z.infer<typeof comparisonGroupSchema>;

/** What a credit comparison groups threads by: where the link went, whether the author was quoted, whether the plug fired. */
export const CREDIT_DIMENSIONS = ['linkPlacement', 'authorQuoted', 'plugFired'] as const;
export type CreditDimension = (typeof CREDIT_DIMENSIONS)[number];

const nonNegative = z.number().nonnegative();

/**
 * One group of a credit comparison. Its sample is a thread on one platform (a thread published to two
 * platforms counts once on each): `threads` those with a credit reach figure, `linkClicks.threads`
 * those whose platform reported link clicks.
 */
export const creditGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  threads: count,
  /** Median and mean credit reach (a share, 0–1+); null when no thread of the group has one. */
  medianCreditReach: nonNegative.nullable(),
  meanCreditReach: nonNegative.nullable(),
  linkClicks: z.object({ threads: count, median: nonNegative.nullable(), mean: nonNegative.nullable() }),
});
export type CreditGroup = z.infer<typeof creditGroupSchema>;

/**
 * Credit reach compared along one dimension: every group the dimension has, in order (empty ones
 * too), `enough` when the smallest has at least `minimumPerGroup` threads (else the figures mean
 * nothing yet), and how many threads were left out because their fact is not known.
 */
export const creditComparisonSchema = z.object({
  dimension: z.enum(CREDIT_DIMENSIONS),
  /** The platform whose threads are compared (link placements mean something only on their platform); null: all. */
  platform: platformSchema.nullable(),
  title: z.string(),
  minimumPerGroup: count,
  smallestGroup: count,
  enough: z.boolean(),
  /** Threads in the comparison's scope whose fact is not known (read before it was kept; for the plug, none armed). */
  leftOut: count,
  groups: z.array(creditGroupSchema),
});
export type CreditComparison = z.infer<typeof creditComparisonSchema>;

export const insightsResponseSchema = z.object({
  days: z.number().int(),
  /** The user's zone (posting queue setting, else UTC) in which days and hours are counted. */
  timeZone: z.string(),
  /** Engagement per day over the period (every day present, zeros where nothing was read that day). */
  daily: z.array(z.object({ date: z.string(), engagement: count })),
  totals: z.object({ threads: count, engagement: count }),
  topThreads: z.array(
    z.object({ threadId: z.string(), title: z.string(), engagement: count, tone: toneSchema, publishedAt: z.string() }),
  ),
  comparisons: z.object({
    byPlatform: z.array(comparisonGroupSchema),
    byTone: z.array(comparisonGroupSchema),
    byHookLength: z.array(comparisonGroupSchema),
    byHourOfPublishing: z.array(comparisonGroupSchema),
  }),
  /** 'What works for your audience': credit reach by link placement (per platform), author quoted, plug fired. */
  creditComparisons: z.array(creditComparisonSchema),
  /**
   * The threads published in the period only to platforms that report no engagement (Telegram,
   * LinkedIn), so they will never have figures: how many per platform, and the newest few, each
   * platform with its note ('Telegram does not report engagement').
   */
  unreported: z.object({
    threads: count,
    byPlatform: z.array(z.object({ platform: platformSchema, threads: count, note: z.string() })),
    newest: z.array(
      z.object({
        threadId: z.string(),
        title: z.string(),
        publishedAt: z.string(),
        platforms: z.array(z.object({ platform: platformSchema, note: z.string() })),
      }),
    ),
  }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

/** PUT /api/connections/twitter/engagement-reads: X bills each read, so reads are off until turned on. */
export const engagementReadsRequestSchema = z.object({
  enabled: z.boolean(),
  /** Which X account; absent: the first connected. */
  accountId: accountIdSchema.optional(),
});
