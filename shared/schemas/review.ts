import * as z from 'zod';
import { APPROVAL_MODES, MAX_GRACE_HOURS, REVIEW_STATES } from '../workspaces/approval';
import { platformSchema } from './thread';

/** A thread version as threadVersion computes it: 64 hex digits. */
const versionSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Not a thread version');

/** PUT /api/workspaces/{workspaceId}/settings: whether threads need approval before publishing, and the grace window. */
export const workspaceSettingsSchema = z
  .object({
    approval: z.enum(APPROVAL_MODES),
    /** The platforms that need approval when `approval` is `platforms` (ignored otherwise). */
    approvalPlatforms: z.array(platformSchema).max(20).default([]),
    /** How long after its time a scheduled item that waited for approval may still fire when approval comes. */
    graceHours: z.number().int().min(0).max(MAX_GRACE_HOURS),
  })
  .refine((settings) => settings.approval !== 'platforms' || settings.approvalPlatforms.length > 0, {
    message: 'Choose at least one platform that needs approval',
    path: ['approvalPlatforms'],
  });
export type WorkspaceSettingsView = z.infer<typeof workspaceSettingsSchema>;

/** POST /api/threads/{threadId}/review/approve: the version the reviewer saw. */
export const approveRequestSchema = z.object({ version: versionSchema });

/** POST /api/threads/{threadId}/review/request-changes: the version the reviewer saw, and what to change. */
export const requestChangesRequestSchema = z.object({
  version: versionSchema,
  comment: z.string().trim().min(1, 'Say what should change').max(2_000, 'A comment has at most 2,000 characters'),
});

/** POST /api/threads/{threadId}/comments: a comment on the thread, or on one of its posts. */
export const addCommentRequestSchema = z.object({
  postId: z.string().min(1).max(100).optional(),
  text: z.string().trim().min(1, 'Write a comment').max(2_000, 'A comment has at most 2,000 characters'),
});

export const reviewCommentSchema = z.object({
  commentId: z.string(),
  postId: z.string().nullable(),
  text: z.string(),
  authorId: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** GET /api/threads/{threadId}/review: where the thread's review stands, and its comments, oldest first. */
export const threadReviewSchema = z.object({
  threadId: z.string(),
  state: z.enum(REVIEW_STATES),
  /** The version of the thread as it is now (what an approval would approve). */
  currentVersion: z.string(),
  /** The version last sent for review, and by whom. */
  sentVersion: z.string().nullable(),
  sentBy: z.string().nullable(),
  sentAt: z.string().nullable(),
  approvedVersion: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The current content is the version approved: publishing is allowed where approval is required. */
  approved: z.boolean(),
  comments: z.array(reviewCommentSchema),
});
export type ThreadReview = z.infer<typeof threadReviewSchema>;

export const ACTIVITY_KINDS = [
  'sent_for_review',
  'approved',
  'changes_requested',
  'comment_added',
  'settings_changed',
  'review_link_created',
  'review_link_revoked',
  'review_link_viewed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEntrySchema = z.object({
  activityId: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  threadId: z.string().nullable(),
  threadTitle: z.string().nullable(),
  /** A comment's text, or the settings as changed. */
  detail: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/workspaces/{workspaceId}/activity?cursor=: newest first, a page at a time. */
export const activityQuerySchema = z.object({ cursor: z.string().max(2_000).optional() });
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
