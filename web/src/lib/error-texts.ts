import type { ErrorCode } from '#shared/error-codes';
import { creditMessages } from '#shared/messages/credits';
import { generationMessages } from '#shared/messages/generation';
import { threadMessages } from '#shared/messages/threads';
import type { ToastText } from '#shared/messages/toast-text';
import type { ApiError } from './api-client';

// The spec's toast for each code that has one; other codes show the server's message under 'Error'.
const TOASTS: Partial<Record<ErrorCode, ToastText>> = {
  attribution_protected: threadMessages.attributionProtected,
  no_posts: threadMessages.saveNoPosts,
  post_too_long: { title: 'Error', description: threadMessages.overLimit },
  insufficient_credits: creditMessages.insufficientCredits,
  service_busy: generationMessages.serviceBusy,
  thread_not_found: threadMessages.restoreNotFound,
  thread_access_denied: threadMessages.restoreAccessDenied,
  unauthorized: threadMessages.saveNotSignedIn,
};

/** The toast for an API refusal, chosen by its code (never by its text). */
export function toastForApiError(error: ApiError): ToastText {
  return (error.code && TOASTS[error.code]) || { title: 'Error', description: error.message };
}
