/**
 * Whether a thread may publish where its workspace needs approval: read by Publish, Publish Now and a
 * scheduled item's fire, kept apart from the review routes so their bundles carry only this.
 */
import { workspaceMessages } from '#shared/messages/workspaces';
import type { Platform, Thread } from '#shared/schemas/thread';
import { currentReviewState, platformsNeedingApproval } from '#shared/workspaces/approval';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { threadVersion } from '#shared/workspaces/thread-version';
import { getThreadReview } from '../../data/review-repository';
import { getWorkspaceSettings } from '../../data/workspace-repository';
import { ConflictError } from '../../lib/errors';

export class ApprovalRequiredError extends ConflictError {
  constructor() {
    super(workspaceMessages.approvalRequired, 'approval_required');
  }
}

/**
 * True when the workspace needs approval on one of `platforms` and the thread as it is now is not the
 * version approved. A personal workspace never needs approval (nothing is read for it).
 */
export async function approvalMissing(
  workspaceId: string,
  thread: Pick<Thread, 'id' | 'posts'>,
  platforms: readonly Platform[],
): Promise<boolean> {
  if (!isTeamWorkspaceId(workspaceId)) return false;
  const [settings, review] = await Promise.all([
    getWorkspaceSettings(workspaceId),
    getThreadReview(workspaceId, thread.id),
  ]);
  if (platformsNeedingApproval(workspaceId, settings, platforms).length === 0) return false;
  return currentReviewState(review, threadVersion(thread.posts)) !== 'approved';
}

/** Refuses (409 `approval_required`) a publish the workspace does not allow yet; nothing is queued. */
export async function assertApproved(
  workspaceId: string,
  thread: Pick<Thread, 'id' | 'posts'>,
  platforms: readonly Platform[],
): Promise<void> {
  if (await approvalMissing(workspaceId, thread, platforms)) throw new ApprovalRequiredError();
}
