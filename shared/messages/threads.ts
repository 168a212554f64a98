import type { ToastText } from './toast-text';

// Thread restore, save, edit, copy, history and detail texts, word for word as the spec has them.

const RESTORE_START_OVER = 'Unable to restore your thread. Please start over.';

/** Restore, save, edit, copy, history and detail texts. */
export const threadMessages = {
  restoreAuthRequired: { title: 'Authentication Required', description: 'Please sign in to access your thread.' },
  restoreNotFound: { title: 'Thread Not Found', description: RESTORE_START_OVER },
  restoreAccessDenied: { title: 'Access Denied' },
  restoreFailed: { title: 'Restoration Failed', description: RESTORE_START_OVER },
  saveMissingThreadId: { title: 'Thread Error', description: 'Thread ID is missing. Please regenerate your thread.' },
  saveNotSignedIn: { title: 'Authentication Error', description: 'Please sign in to save your changes.' },
  saveNoPosts: { title: 'No Content', description: 'No posts to save. Please regenerate your thread.' },
  saveWarning: { title: 'Save Warning', description: 'There was an issue saving your edits, but you can continue.' },
  saveFailed: { title: 'Error', description: 'Failed to save changes. Please try again.' },
  saveAuthRequired: { title: 'Authentication Required', description: 'Please sign in to save threads' },
  overLimit: 'Post exceeds character limit. Consider shortening before saving.',
  attributionProtected: {
    title: 'Attribution Protected',
    description: 'The attribution post cannot be edited to ensure proper credit to the original author.',
  },
  notFoundOrAccessDenied: 'Thread not found or access denied',
  manualShareLoadFailed: { title: 'Error', description: 'Failed to load thread' },
  noThreadId: 'No thread ID provided',
  threadNotFound: 'Thread not found',
  noPostsInThread: 'No posts found in this thread',
  copyFailed: { title: 'Error', description: 'Failed to copy to clipboard. Please try again.' },
  changesSaved: { title: 'Changes Saved' },
  postUpdated: { title: 'Post Updated' },
  postCopied: { title: 'Post copied!' },
  allPostsCopied: { title: 'All posts copied!' },
  threadIdCopied: { title: 'Copied', description: 'Thread ID copied to clipboard' },
  threadDeleted: { title: 'Thread deleted', description: 'The thread has been permanently deleted.' },
  threadSaved: { title: 'Thread saved' },
  threadRestored: { title: 'Thread Restored' },
  threadUpdated: { title: 'Thread Updated' },
} as const satisfies Record<string, ToastText | string>;

/** 'Content Warning' naming the sensitive categories found, asking the curator to review and edit. */
export function contentWarning(categories: readonly string[]): ToastText {
  const found = categories.length > 0 ? ` (${categories.join(', ')})` : '';
  return {
    title: 'Content Warning',
    description: `This content may contain sensitive material${found}. Please review and edit it before saving.`,
  };
}

/** 'Thread Generated', showing the credits left. */
export function threadGenerated(remainingCredits: number): ToastText {
  const unit = remainingCredits === 1 ? 'credit' : 'credits';
  return { title: 'Thread Generated', description: `You have ${remainingCredits} ${unit} remaining.` };
}

/** History: 'Error' / 'Failed to load threads: {message}'. */
export function loadThreadsFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to load threads: ${message}` };
}

/** History and admin: 'Error' / 'Failed to delete thread: {message}'. */
export function deleteThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to delete thread: ${message}` };
}

/** Detail: 'Error' / 'Failed to load thread: {message}'. */
export function loadThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to load thread: ${message}` };
}

/** Detail: 'Error' / 'Failed to save thread: {message}'. */
export function saveThreadFailed(message: string): ToastText {
  return { title: 'Error', description: `Failed to save thread: ${message}` };
}
