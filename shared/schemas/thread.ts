import * as z from 'zod';
import { linkPlacementNotAllowed } from '../messages/publishing';
import { platformDisplayName } from '../platforms';
import { CHECK_ITEM_KINDS, CHECK_STATUSES } from '../post-check';
import {
  allowedLinkPlacements,
  isLinkPlacementAllowed,
  LINK_PLACEMENTS,
  type LinkPlacement,
} from '../publishing/link-placement';
import { TONES } from '../tones';
import { articleRightsSchema, authorHandlesSchema, languageTagSchema } from './article';
import { MAX_MEDIA_PER_POST, postMediaSchema } from './media';
import { plugChoiceSchema } from './plug';
import { publicIdSchema, webmentionStatusSchema } from './public';

export const HALLUCINATION_RISKS = ['low', 'medium', 'high'] as const;

export const hallucinationSchema = z.object({
  risk: z.enum(HALLUCINATION_RISKS),
  reason: z.string(),
  contentRatio: z.number().finite(),
});
export type Hallucination = z.infer<typeof hallucinationSchema>;

export type CheckItemKind = (typeof CHECK_ITEM_KINDS)[number];

/**
 * A post checked against the article at generation: 'checked' when every number, quotation and
 * name in it was found in the article (`found` counts them), 'failed' with what was not (`missing`),
 * 'edited' once the curator changed it (the article is not kept, so an edit is not re-checked).
 */
export const postCheckSchema = z.object({
  status: z.enum(CHECK_STATUSES),
  found: z
    .object({
      numbers: z.number().int().nonnegative(),
      quotes: z.number().int().nonnegative(),
      names: z.number().int().nonnegative(),
    })
    .optional(),
  missing: z
    .array(z.object({ kind: z.enum(CHECK_ITEM_KINDS), text: z.string().max(500) }))
    .max(20)
    .optional(),
});
export type PostCheck = z.infer<typeof postCheckSchema>;

export const postSchema = z.object({
  id: z.string().min(1).max(100),
  content: z.string().max(10_000),
  charCount: z.number().int().nonnegative(),
  /** The article passage the post was written from, so a curator can check each claim. */
  source: z.string().max(2_000).optional(),
  /**
   * The text directive (`#:~:text=` value) that lands on `source` alone in the article's page as
   * extracted; null when the passage is not in the page's visible text (no link). Absent on threads
   * from before it, which fall back to the passage's first and last words.
   */
  sourceFragment: z.string().max(4_000).nullable().optional(),
  /** The post's check against the article; absent on the attribution and on threads from before it. */
  check: postCheckSchema.optional(),
  /** The post's pictures, in order (absent or empty: a text post). */
  media: z.array(postMediaSchema).max(MAX_MEDIA_PER_POST, 'A post can carry at most 4 images').optional(),
});
export type Post = z.infer<typeof postSchema>;

export const toneSchema = z.enum(TONES);

/** A thread id as routes accept it; unknown ids are a 404, not a 400. */
/**
 * API Gateway hands handlers decoded path values, so a decoded lone surrogate or control character
 * is refused here (400), never sent to the table.
 */
export const threadIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cs}\p{Cc}]+$/u, 'Invalid thread id');
/** /api/threads/{threadId} path parameters. */
export const threadParamsSchema = z.object({ threadId: threadIdSchema });

export const PLATFORMS = [
  'twitter',
  'bluesky',
  'discord',
  'reddit',
  'mastodon',
  'telegram',
  'facebook',
  'threads',
  'linkedin',
] as const;
/** One of the supported platforms; any other id is refused in the spec's words ('Platform {x} not implemented'). */
export const platformSchema = z.enum(PLATFORMS, {
  error: (issue) =>
    typeof issue.input === 'string' ? `Platform ${issue.input} not implemented` : 'A platform is required',
});
export type Platform = z.infer<typeof platformSchema>;

export const platformPostSchema = z.object({ posted: z.boolean(), postUrl: z.string().optional() });

/** The thread's soonest upcoming scheduled publish: when (UTC ISO) and to which platforms. */
export const nextScheduledSchema = z.object({ at: z.string(), platforms: z.array(platformSchema) });

/**
 * A thread's link placement per platform, overriding the platform's default: each must be one the
 * platform allows (shared/publishing/link-placement.ts).
 */
export const linkPlacementsSchema = z
  .partialRecord(platformSchema, z.enum(LINK_PLACEMENTS))
  .superRefine((chosen, ctx) => {
    for (const [platform, placement] of Object.entries(chosen) as [Platform, LinkPlacement][]) {
      if (!isLinkPlacementAllowed(platform, placement))
        ctx.addIssue({
          code: 'custom',
          path: [platform],
          message: linkPlacementNotAllowed(platformDisplayName(platform), placement, allowedLinkPlacements(platform)),
        });
    }
  });

export const threadSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  sourceUrl: z.string(),
  /** The article's outlet (its site name, else its domain); absent on older threads. */
  outlet: z.string().nullable().optional(),
  /**
   * The article's own picture as the page presents it (its alt text and credit, null when the page
   * gives none); null when the page has none; absent on older threads. Used only when the curator
   * opts in and the publisher's signals allow it (shared/article-image.ts).
   */
  articleImage: z
    .object({ url: z.string(), alt: z.string().nullable(), credit: z.string().nullable() })
    .nullable()
    .optional(),
  /** The article's author (its byline) when the page named one; absent on older threads. */
  author: z.string().nullable().optional(),
  /** The author's social handles the article declared (`twitter:creator`, …), for a native mention; absent on older threads. */
  authorHandles: authorHandlesSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  posts: z.array(postSchema),
  themes: z.array(z.string()),
  tone: toneSchema,
  isSensitiveContent: z.boolean(),
  sensitiveCategories: z.array(z.string()),
  sensitiveContentMessage: z.string().nullable(),
  hallucination: hallucinationSchema.nullable(),
  articleSize: z.number().int().nonnegative(),
  generatedSize: z.number().int().nonnegative(),
  postedToX: z.boolean(),
  platformPosts: z.partialRecord(platformSchema, platformPostSchema),
  /** The publisher's signals read at extraction (the short-quote badge); absent on older threads. */
  rights: articleRightsSchema.optional(),
  /** 'Scheduled for …' on its detail and My Threads card; null when nothing is scheduled (absent on older threads). */
  nextScheduled: nextScheduledSchema.nullable().optional(),
  /** Public page: its id (kept when made private again, so a shared link works once it is public again). */
  publicId: publicIdSchema.nullable().optional(),
  isPublic: z.boolean().optional(),
  /** Search engines may index the public page (noindex otherwise). */
  allowIndexing: z.boolean().optional(),
  /** The Webmention to the article's author: sent, or why not (absent: never tried). */
  webmention: webmentionStatusSchema.nullable().optional(),
  /** The thread's total engagement read back from the platforms; null before any figure was reported (absent on older answers). */
  engagement: z.number().int().nonnegative().nullable().optional(),
  /** Made by a feed's Auto-draft, not by the user (a badge in My Threads); never published by itself. */
  autoDraft: z.boolean().optional(),
  /**
   * The thread's language (BCP 47 primary tag): the article's, or the one the model translated
   * into; each post carries it to the platforms that have a field for it. Null when unknown; absent
   * on older threads.
   */
  language: languageTagSchema.nullable().optional(),
  /** The article's language when the model translated the thread ('Translated from …'); null or absent otherwise. */
  translatedFrom: languageTagSchema.nullable().optional(),
  /**
   * The tone whose phrases the offline writer used when the thread's language has no voice for the
   * tone asked for (the preview says so); null or absent otherwise.
   */
  voiceTone: toneSchema.nullable().optional(),
  /** The post the offline writer suggests a quote card for (threads of 6+ posts); null or absent otherwise. */
  suggestedQuoteCardPostId: z.string().max(100).nullable().optional(),
  /** Where the source link goes per platform, chosen on the share step; a platform not listed takes its default. */
  linkPlacements: linkPlacementsSchema.optional(),
  /** The plug chosen on the share step, kept for the thread's later runs (a scheduled fire too); absent: the account's default. */
  plug: plugChoiceSchema.optional(),
});
export type Thread = z.infer<typeof threadSchema>;

/** PUT /api/threads/{threadId}: the edited posts (the last one, the attribution, unchanged) and their pictures. */
export const updateThreadRequestSchema = z.object({
  posts: z.array(postSchema.pick({ id: true, content: true, media: true })).max(50, 'A thread has at most 50 posts'),
});
export type UpdateThreadRequest = z.infer<typeof updateThreadRequestSchema>;

/** History sort fields and orders: created date, title or total engagement, newest/A–Z/most first ('desc'/'asc'). */
export const THREAD_SORT_FIELDS = ['createdAt', 'title', 'engagement'] as const;
export type ThreadSortField = (typeof THREAD_SORT_FIELDS)[number];
export const THREAD_SORT_ORDERS = ['desc', 'asc'] as const;
export type ThreadSortOrder = (typeof THREAD_SORT_ORDERS)[number];

/** History page size: threads per page. */
export const THREAD_PAGE_SIZE = 15;

/** GET /api/threads: one page of the caller's threads in the chosen order. */
export const listThreadsQuerySchema = z.object({
  sort: z.enum(THREAD_SORT_FIELDS).default('createdAt'),
  order: z.enum(THREAD_SORT_ORDERS).default('desc'),
  cursor: z.string().max(2_000).optional(),
});
export type ListThreadsQuery = z.infer<typeof listThreadsQuerySchema>;

/** GET /api/threads/newest: the id of the caller's newest thread (null when they have none). */
export const newestThreadResponseSchema = z.object({ threadId: z.string().nullable() });
export type NewestThreadResponse = z.infer<typeof newestThreadResponseSchema>;

/**
 * A thread as a My Threads card shows it: its facts, never its posts (their count and the first
 * one's preview, cut as `shared/thread-summary.ts` `cardPreview` cuts it, stand in for them).
 */
export const threadSummarySchema = threadSchema
  .pick({
    id: true,
    title: true,
    sourceUrl: true,
    createdAt: true,
    tone: true,
    themes: true,
    isSensitiveContent: true,
    rights: true,
    autoDraft: true,
    nextScheduled: true,
  })
  .extend({
    /** Published to X or any platform reported posted (`isPosted`): the card's 'Posted' badge. */
    posted: z.boolean(),
    postCount: z.number().int().nonnegative(),
    /** The first post, cut to 120 characters with an ellipsis ('' for a thread without posts). */
    preview: z.string(),
    /** The total engagement read back from the platforms; absent before any figure was reported. */
    engagement: z.number().int().nonnegative().optional(),
  });
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadPageSchema = z.object({
  /** The page's threads as cards show them (the whole thread is read on its own page). */
  threads: z.array(threadSummarySchema),
  /** Opaque; present when more threads may follow. */
  nextCursor: z.string().nullable(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;
