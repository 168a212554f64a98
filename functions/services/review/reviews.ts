/**
 * Approval of threads in a team workspace: an editor sends a thread for review, a reviewer approves
 * the version they saw or requests changes, anyone who may comment comments on the thread or one of
 * its posts; each step goes into the workspace's activity log. An approval is of one version (the
 * hash of the posts' texts, shared/workspaces/thread-version.ts): any edit after it leaves the thread
 * unapproved, derived on each read rather than written on each save. Approving fires the thread's
 * scheduled items that waited for it, within the workspace's grace window.
 */
import { randomUUID } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { APPROVAL_TOO_LATE_TEXT } from '#shared/messages/scheduling';
import { workspaceMessages } from '#shared/messages/workspaces';
import type {
  ActivityEntry,
  ActivityKind,
  ReviewComment,
  ThreadReview,
  WorkspaceSettingsView,
} from '#shared/schemas/review';
import type { Thread } from '#shared/schemas/thread';
import { type ApprovalSettings, currentReviewState } from '#shared/workspaces/approval';
import { isTeamWorkspaceId, type WorkspaceAccess } from '#shared/workspaces/roles';
import { threadVersion } from '#shared/workspaces/thread-version';
import { decodeActivityCursor, encodeAdminCursor } from '../../data/cursor';
import {
  addActivity,
  addReviewComment,
  getThreadReview,
  listActivity,
  listReviewComments,
  type ReviewRecord,
  type ReviewStep,
  recordReviewStep,
} from '../../data/review-repository';
import { listUpcomingItemsOfThread } from '../../data/scheduled-item-repository';
import { threadForUserRead } from '../../data/thread-repository';
import { getWorkspaceSettings, saveWorkspaceSettings } from '../../data/workspace-repository';
import type { FirstRead } from '../../lib/account-checked-read';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { notifyWorkspace } from '../notifications/notify';
import { fireScheduledItem } from '../scheduling/fire-item';
import { endUpcomingItem } from '../scheduling/item-ending';
import { cancelApprovalDeadline } from '../scheduling/item-schedule';
import { ACCESS_REFUSALS, type AccessContext, refuseThreadAccess } from '../threads/thread-access';
import { WorkspaceAccessDeniedError } from '../workspaces/workspace-access';

/** Who acts, as the server established it: the member, their workspace access, the request's agent and time. */
export interface ReviewActor {
  userId: string;
  email: string;
  access: WorkspaceAccess;
  userAgent: string;
  now: Date;
  /** A client deciding through a review link (no account): their notices say so. */
  client?: boolean;
}

/** The actor of a review route: its caller, the workspace access its first read checked, its agent and time. */
export function reviewActor(
  caller: { userId: string; email: string },
  access: WorkspaceAccess,
  userAgent: string,
): ReviewActor {
  return { userId: caller.userId, email: caller.email, access, userAgent, now: new Date() };
}

/** Entries of the activity log a page. */
export const ACTIVITY_PAGE_SIZE = 50;

const threadContext = (actor: ReviewActor): AccessContext => ({
  userId: actor.access.workspaceId,
  // A client has no account, so no security log of their own: their refusals stay the workspace's.
  ...(actor.client ? {} : { actorId: actor.userId }),
  userAgent: actor.userAgent,
  now: actor.now,
});

/** A review route's first read: the workspace's thread, batched with the membership check. */
export function reviewedThreadRead(workspaceId: string, threadId: string): FirstRead<Thread | null> {
  return threadForUserRead(workspaceId, threadId);
}

/**
 * The thread the route's first read found (in the same BatchGetItem as the membership check:
 * `reviewedThreadRead`), or the refusal a thread route gives (404, or 403 for another
 * workspace's thread, recorded).
 */
export function threadOf(actor: ReviewActor, threadId: string, found: Thread | null): Promise<Thread> | Thread {
  return found ?? refuseThreadAccess(threadContext(actor), threadId, ACCESS_REFUSALS);
}

/** Adds an entry to the actor's workspace's activity log. */
export function recordActivity(
  actor: ReviewActor,
  kind: ActivityKind,
  thread: Pick<Thread, 'id' | 'title'> | null,
  detail: string | null = null,
): Promise<void> {
  return addActivity({
    workspaceId: actor.access.workspaceId,
    activityId: randomUUID(),
    kind,
    at: actor.now.toISOString(),
    actorId: actor.userId,
    actorEmail: actor.email,
    threadId: thread?.id ?? null,
    threadTitle: thread?.title ?? null,
    detail,
  });
}

type ReviewEvent = 'sent_for_review' | 'approved' | 'changes_requested';

/** What a review step's notice says: a client's decision through a review link says it came from a client. */
function noticeOf(actor: ReviewActor, event: ReviewEvent, title: string, comment: string) {
  const member = workspaceMessages.notifications;
  const client = workspaceMessages.reviewLink;
  switch (event) {
    case 'sent_for_review':
      return { kind: event, text: member.sentForReview(actor.email, title), subject: member.sentForReviewSubject };
    case 'approved':
      return actor.client
        ? { kind: 'client_approved', text: client.approvedNotice(actor.email, title), subject: client.approvedSubject }
        : { kind: event, text: member.approved(actor.email, title), subject: member.approvedSubject };
    case 'changes_requested':
      return actor.client
        ? {
            kind: 'client_changes_requested',
            text: client.changesNotice(actor.email, title, comment),
            subject: client.changesSubject,
          }
        : {
            kind: event,
            text: member.changesRequested(actor.email, title, comment),
            subject: member.changesRequestedSubject,
          };
  }
}

/**
 * Tells the members a review step concerns, in the app and by email, but not the one who took it:
 * a thread sent for review goes to those who may approve it; an approval or requested changes go to
 * those who write threads (its author and editors).
 */
function notifyConcerned(actor: ReviewActor, event: ReviewEvent, thread: Thread, comment = ''): Promise<void> {
  return notifyWorkspace(
    actor.access.workspaceId,
    event === 'sent_for_review' ? 'review' : 'write',
    { ...noticeOf(actor, event, thread.title, comment), link: `/thread/${encodeURIComponent(thread.id)}` },
    actor.now,
    actor.userId,
  );
}

function reviewView(thread: Thread, review: ReviewRecord | null, comments: ReviewComment[]): ThreadReview {
  const currentVersion = threadVersion(thread.posts);
  const state = currentReviewState(review, currentVersion);
  return {
    threadId: thread.id,
    state,
    currentVersion,
    sentVersion: review?.sentVersion ?? null,
    sentBy: review?.sentBy ?? null,
    sentAt: review?.sentAt ?? null,
    approvedVersion: review?.approvedVersion ?? null,
    approvedBy: review?.approvedBy ?? null,
    approvedAt: review?.approvedAt ?? null,
    approved: state === 'approved',
    comments,
  };
}

const commentView = ({
  workspaceId: _workspace,
  threadId: _thread,
  ...comment
}: ReviewComment & {
  workspaceId: string;
  threadId: string;
}): ReviewComment => comment;

/** GET /api/threads/{threadId}/review: the review's state, the versions and the comments, oldest first. */
export async function describeReview(
  actor: ReviewActor,
  threadId: string,
  found: Thread | null,
): Promise<ThreadReview> {
  const thread = await threadOf(actor, threadId, found);
  const [review, comments] = await Promise.all([
    getThreadReview(actor.access.workspaceId, threadId),
    listReviewComments(actor.access.workspaceId, threadId),
  ]);
  return reviewView(thread, review, comments.map(commentView));
}

async function afterStep(actor: ReviewActor, thread: Thread, review: ReviewRecord): Promise<ThreadReview> {
  const comments = await listReviewComments(actor.access.workspaceId, thread.id);
  return reviewView(thread, review, comments.map(commentView));
}

/** POST /api/threads/{threadId}/review: sends the thread as it is now for review (a version approved already stays approved). */
export async function sendForReview(actor: ReviewActor, threadId: string, found: Thread | null): Promise<ThreadReview> {
  const thread = await threadOf(actor, threadId, found);
  if (thread.posts.length === 0) throw new ValidationError(apiErrorMessages.no_posts, 'no_posts');
  const version = threadVersion(thread.posts);
  // This very version is approved already: sending it again would only take its approval away.
  const current = await getThreadReview(actor.access.workspaceId, threadId);
  if (current && currentReviewState(current, version) === 'approved') return afterStep(actor, thread, current);
  const step: ReviewStep = { state: 'in_review', sentVersion: version, sentBy: actor.email };
  const review = await recordReviewStep(actor.access.workspaceId, threadId, step, actor.now.toISOString());
  await recordActivity(actor, 'sent_for_review', thread);
  await notifyConcerned(actor, 'sent_for_review', thread);
  return afterStep(actor, thread, review);
}

/** The thread, refused (409 `review_version_stale`) when it is no longer the version the reviewer saw. */
async function threadAtVersion(
  actor: ReviewActor,
  threadId: string,
  version: string,
  found: Thread | null,
): Promise<Thread> {
  const thread = await threadOf(actor, threadId, found);
  if (threadVersion(thread.posts) !== version)
    throw new ConflictError(workspaceMessages.reviewVersionStale, 'review_version_stale');
  return thread;
}

/**
 * POST /api/threads/{threadId}/review/approve: approves the version the reviewer saw (409 when the
 * thread changed since), then fires the thread's items that waited for it.
 */
export async function approveThread(
  actor: ReviewActor,
  threadId: string,
  version: string,
  found: Thread | null,
): Promise<ThreadReview> {
  const thread = await threadAtVersion(actor, threadId, version, found);
  if (thread.posts.length === 0) throw new ValidationError(apiErrorMessages.no_posts, 'no_posts');
  const review = await recordReviewStep(
    actor.access.workspaceId,
    threadId,
    { state: 'approved', approvedVersion: version, approvedBy: actor.email },
    actor.now.toISOString(),
  );
  await recordActivity(actor, 'approved', thread);
  await fireWaitingItems(actor.access.workspaceId, threadId, actor.now);
  await notifyConcerned(actor, 'approved', thread);
  return afterStep(actor, thread, review);
}

/**
 * The thread's items whose time came while it waited for approval: fired now if their time passed no
 * longer ago than the grace window (through the scheduled fire's own claim, so each fires once), ended
 * missed otherwise.
 */
async function fireWaitingItems(workspaceId: string, threadId: string, now: Date): Promise<void> {
  const waiting = (await listUpcomingItemsOfThread(workspaceId, threadId)).filter((item) => item.waitingForApproval);
  if (waiting.length === 0) return;
  const { graceHours } = await getWorkspaceSettings(workspaceId);
  for (const item of waiting) {
    if (now.getTime() - Date.parse(item.at) <= graceHours * 3_600_000)
      await fireScheduledItem(workspaceId, item.itemId, item.at, now);
    else await endUpcomingItem(item, APPROVAL_TOO_LATE_TEXT, now);
    await cancelApprovalDeadline(item.itemId);
    logger.info('waiting scheduled item settled on approval', { itemId: item.itemId });
  }
}

/** POST /api/threads/{threadId}/review/request-changes: sends the version seen back, with a comment. */
export async function requestChanges(
  actor: ReviewActor,
  threadId: string,
  request: { version: string; comment: string },
  found: Thread | null,
): Promise<ThreadReview> {
  const thread = await threadAtVersion(actor, threadId, request.version, found);
  await saveComment(actor, thread, null, request.comment);
  const review = await recordReviewStep(
    actor.access.workspaceId,
    threadId,
    { state: 'changes_requested' },
    actor.now.toISOString(),
  );
  await recordActivity(actor, 'changes_requested', thread, request.comment);
  await notifyConcerned(actor, 'changes_requested', thread, request.comment);
  return afterStep(actor, thread, review);
}

async function saveComment(actor: ReviewActor, thread: Thread, postId: string | null, text: string) {
  if (postId && !thread.posts.some((post) => post.id === postId))
    throw new NotFoundError(apiErrorMessages.post_not_found, 'post_not_found');
  const comment = {
    workspaceId: actor.access.workspaceId,
    threadId: thread.id,
    commentId: randomUUID(),
    postId,
    text,
    authorId: actor.userId,
    authorEmail: actor.email,
    createdAt: actor.now.toISOString(),
  };
  await addReviewComment(comment);
  return commentView(comment);
}

/** POST /api/threads/{threadId}/comments: a comment on the thread, or on one of its posts. */
export async function addComment(
  actor: ReviewActor,
  threadId: string,
  request: { postId?: string; text: string },
  found: Thread | null,
): Promise<ReviewComment> {
  const thread = await threadOf(actor, threadId, found);
  const comment = await saveComment(actor, thread, request.postId ?? null, request.text);
  await recordActivity(actor, 'comment_added', thread, request.text);
  return comment;
}

/** GET /api/workspaces/{workspaceId}/settings: the approval settings (a personal workspace's are always off). */
export function describeSettings(access: WorkspaceAccess): Promise<ApprovalSettings> {
  return getWorkspaceSettings(access.workspaceId);
}

/** PUT /api/workspaces/{workspaceId}/settings: a team's approval settings, logged. */
export async function updateSettings(actor: ReviewActor, settings: WorkspaceSettingsView): Promise<ApprovalSettings> {
  if (!isTeamWorkspaceId(actor.access.workspaceId))
    throw new ValidationError(workspaceMessages.personalWorkspace, 'personal_workspace');
  const saved: ApprovalSettings = {
    approval: settings.approval,
    approvalPlatforms: settings.approval === 'platforms' ? [...new Set(settings.approvalPlatforms)] : [],
    graceHours: settings.graceHours,
  };
  if (!(await saveWorkspaceSettings(actor.access.workspaceId, saved))) throw new WorkspaceAccessDeniedError();
  await recordActivity(actor, 'settings_changed', null, describeApproval(saved));
  return saved;
}

/** The settings as the activity log tells them. */
function describeApproval(settings: ApprovalSettings): string {
  const which =
    settings.approval === 'off'
      ? 'Threads need no approval'
      : settings.approval === 'all'
        ? 'Threads need approval on every platform'
        : `Threads need approval on ${settings.approvalPlatforms.join(', ')}`;
  return `${which}; grace window ${settings.graceHours} hours`;
}

/** GET /api/workspaces/{workspaceId}/activity?cursor=: the log, newest first, a page at a time. */
export async function listActivityPage(
  access: WorkspaceAccess,
  cursor: string | undefined,
): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
  const startKey = cursor ? decodeActivityCursor(cursor, access.workspaceId) : undefined;
  const page = await listActivity(access.workspaceId, ACTIVITY_PAGE_SIZE, startKey);
  return {
    entries: page.entries.map(({ workspaceId: _workspace, ...entry }) => entry),
    nextCursor: page.nextKey ? encodeAdminCursor(page.nextKey) : null,
  };
}
