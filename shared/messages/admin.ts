import type { ToastText } from './toast-text';

// Admin portal texts, word for word as the spec has them (tests/fixtures/spec.md).

/** Admin portal texts. */
export const adminMessages = {
  userRoleUpdated: { title: 'User role updated' },
  threadDeleted: { title: 'Thread deleted' },
  accessDenied: { title: 'Access Denied', description: "You don't have permission to access this page." },
} as const satisfies Record<string, ToastText | string>;

/** 'Error' / 'Failed to update user role: {reason}'. */
export function updateUserRoleFailed(reason: string): ToastText {
  return { title: 'Error', description: `Failed to update user role: ${reason}` };
}

/** 'Success' with the server's message, or 'Action completed successfully.'. */
export function adminActionSucceeded(serverMessage?: string | null): ToastText {
  return { title: 'Success', description: serverMessage?.trim() || 'Action completed successfully.' };
}

/** 'Error' / 'Failed to perform action: {reason}'. */
export function adminActionFailed(reason: string): ToastText {
  return { title: 'Error', description: `Failed to perform action: ${reason}` };
}

/** The admin Workspaces page's texts. */
export const adminWorkspacesTexts = {
  title: 'Workspaces',
  loading: 'Loading workspaces…',
  tableLabel: 'Workspaces table',
  columns: ['Name', 'Owner', 'Members', 'Balance', 'Threads', 'Last activity', 'Created'],
  /** The creator left the workspace (their membership, and so their email, is gone). */
  ownerLeft: 'Creator left',
  noThreads: 'No threads yet',
  loadMore: 'Load More Workspaces',
} as const;

/** The table's caption: how many team workspaces are shown so far. */
export function adminWorkspacesCaption(count: number): string {
  return `${count} team ${count === 1 ? 'workspace' : 'workspaces'}`;
}

/** The members cell's summary, e.g. '2 members'; the list under it shows at most `listed` of them. */
export function adminWorkspaceMembersSummary(count: number, listed: number): string {
  const members = `${count} ${count === 1 ? 'member' : 'members'}`;
  return listed < count ? `${members} (first ${listed} listed)` : members;
}

/** The balance cell, e.g. '49 paid · 0 free · 1 used'. */
export function adminWorkspaceBalance(balance: {
  freeCredits: number;
  paidCredits: number;
  usedCredits: number;
}): string {
  return `${balance.paidCredits} paid · ${balance.freeCredits} free · ${balance.usedCredits} used`;
}
