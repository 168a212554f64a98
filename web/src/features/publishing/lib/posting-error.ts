import { platformMessages } from '#shared/messages/connections';
import type { ToastText } from '#shared/messages/toast-text';
import { ApiError } from '#web/lib/api-client';

/**
 * The toast for a refused publish request: a missing channel or subreddit is named as the spec
 * names it ('Discord Channel Required'); anything else is a 'Posting Error' with the server's message.
 */
export function postingErrorToast(error: Error): ToastText {
  if (error instanceof ApiError && error.code === 'target_required') return { title: error.message };
  return { ...platformMessages.postingError, description: error.message || platformMessages.postingError.description };
}
