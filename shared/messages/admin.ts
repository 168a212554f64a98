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
