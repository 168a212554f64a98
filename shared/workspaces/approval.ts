/**
 * Approval before publishing (a team workspace's setting): which platforms need a thread approved,
 * and how a thread's review stands. A personal workspace never needs approval.
 */
import type { Platform } from '../schemas/thread';
import { isTeamWorkspaceId } from './roles';

/** `off`: nothing needs approval; `all`: every platform; `platforms`: those listed. */
export const APPROVAL_MODES = ['off', 'all', 'platforms'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** A thread's review: never sent, waiting for a reviewer, approved, or sent back with changes requested. */
export const REVIEW_STATES = ['draft', 'in_review', 'approved', 'changes_requested'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 168;

export interface ApprovalSettings {
  approval: ApprovalMode;
  approvalPlatforms: Platform[];
  graceHours: number;
}

export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = {
  approval: 'off',
  approvalPlatforms: [],
  graceHours: DEFAULT_GRACE_HOURS,
};

/** The platforms among `platforms` that need the thread approved before it posts there. */
export function platformsNeedingApproval(
  workspaceId: string,
  settings: ApprovalSettings,
  platforms: readonly Platform[],
): Platform[] {
  if (!isTeamWorkspaceId(workspaceId) || settings.approval === 'off') return [];
  if (settings.approval === 'all') return [...platforms];
  return platforms.filter((platform) => settings.approvalPlatforms.includes(platform));
}

/**
 * The review state as the thread now stands: an approval holds only while the thread's content is the
 * version approved, so any edit after it makes the thread need approval again (derived, never written
 * on each save).
 */
export function currentReviewState(
  stored: { state: ReviewState; approvedVersion: string | null } | null,
  currentVersion: string,
): ReviewState {
  if (!stored) return 'draft';
  if (stored.state === 'approved' && stored.approvedVersion !== currentVersion) return 'draft';
  return stored.state;
}
