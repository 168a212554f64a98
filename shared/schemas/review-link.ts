import * as z from 'zod';
import { LINK_PLACEMENTS } from '../publishing/link-placement';
import { chosenAccountsSchema } from './publishing';
import { PLATFORMS, platformSchema, postCheckSchema, threadIdSchema } from './thread';

/** How long a review link lasts unless the editor chooses (1–30 days). */
export const REVIEW_LINK_DEFAULT_DAYS = 7;
export const REVIEW_LINK_MAX_DAYS = 30;
/** Uses of one link, and from one address, per hour: views, and decisions (a guess at a token also counts). */
export const REVIEW_LINK_VIEWS_PER_HOUR = 60;
export const REVIEW_LINK_DECISIONS_PER_HOUR = 10;

/** POST /api/threads/{threadId}/review-links. */
export const createReviewLinkSchema = z.object({
  expiresInDays: z.number().int().min(1).max(REVIEW_LINK_MAX_DAYS).optional(),
  /**
   * The platforms the client sees the thread as it will post on, each once. Omitted: the platforms
   * of the thread's upcoming scheduled or queued items, else the workspace's connected platforms.
   */
  platforms: z
    .array(platformSchema)
    .min(1, 'Choose at least one platform for the review link.')
    .max(PLATFORMS.length)
    .refine((platforms) => new Set(platforms).size === platforms.length, 'Name each platform once.')
    .optional(),
  /**
   * The accounts the client sees it posted as, per platform (each a connected account of the
   * workspace), beside or instead of `platforms`: a platform named in `platforms` without accounts
   * here shows each of its connected accounts. Both omitted: the accounts of the thread's upcoming
   * scheduled or queued items, else every connected account.
   */
  accounts: chosenAccountsSchema.optional(),
});
export type CreateReviewLinkRequest = z.infer<typeof createReviewLinkSchema>;

/** /api/threads/{threadId}/review-links/{linkId} path parameters. */
export const reviewLinkParamsSchema = z.object({
  threadId: threadIdSchema,
  linkId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid link id'),
});

/** /api/review/{token}: any string; one that is not a token is simply unknown (404 `review_link_invalid`). */
export const reviewTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /api/review/{token}/decision. */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'request_changes']),
    comment: z.string().trim().max(2_000, 'A comment has at most 2,000 characters').optional(),
    name: z.string().trim().max(80, 'A name has at most 80 characters').optional(),
  })
  .refine((body) => body.decision === 'approve' || (body.comment ?? '').length > 0, {
    message: 'Say what should change: a comment is required when requesting changes.',
    path: ['comment'],
  });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const REVIEW_LINK_STATES = ['active', 'expired', 'revoked', 'used'] as const;
export type ReviewLinkState = (typeof REVIEW_LINK_STATES)[number];

/** A link as its thread's review panel lists it (never its token). */
export const reviewLinkSchema = z.object({
  linkId: z.string(),
  state: z.enum(REVIEW_LINK_STATES),
  version: z.string(),
  /** The platforms the client sees it on. */
  platforms: z.array(platformSchema),
  /** The accounts of each platform the client sees it posted as; absent on links made before accounts were named. */
  accounts: chosenAccountsSchema.optional(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  decision: z.enum(['approve', 'request_changes']).nullable(),
});
export type ReviewLinkView = z.infer<typeof reviewLinkSchema>;

/** What the client sees: the thread as it will post, each post with its passage and its check. */
export const clientReviewSchema = z.object({
  state: z.enum(REVIEW_LINK_STATES),
  expiresAt: z.string(),
  decision: z.enum(['approve', 'request_changes']).nullable(),
  title: z.string(),
  article: z.object({ url: z.string(), title: z.string(), author: z.string().nullable() }),
  posts: z.array(
    z.object({
      /** The post's id within its thread (`post-0`…), for the page's list keys. */
      id: z.string(),
      text: z.string(),
      source: z.string().nullable(),
      /** The article link that lands on the passage (`#:~:text=`), null when there is no passage. */
      sourceUrl: z.string().nullable(),
      check: postCheckSchema.nullable(),
    }),
  ),
  /**
   * Per chosen platform and account, in the link's order, the posts as they will be published there
   * (laid out with that account's own limits: a Mastodon server's post length).
   */
  platforms: z.array(
    z.object({
      platform: platformSchema,
      /** The account it posts as (id and name); null on a link made with platforms only. */
      account: z.object({ id: z.string(), name: z.string() }).nullable(),
      linkPlacement: z.enum(LINK_PLACEMENTS),
      posts: z.array(
        z.object({
          /** The text as posted. */
          text: z.string(),
          /** The thread's posts (`posts[].id`) that start in it; none for a long post's later parts or a title of its own. */
          postIds: z.array(z.string()),
        }),
      ),
      /** Posted as the first comment under the first post (LinkedIn's attribution), else null. */
      firstComment: z.string().nullable(),
    }),
  ),
});
export type ClientReview = z.infer<typeof clientReviewSchema>;
