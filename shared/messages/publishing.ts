import { platformMessages } from './connections';
import type { ToastText } from './toast-text';

// Publishing texts: share validation, per-platform progress and results, posting again.

/** 'Posted to {platform}!' */
export function postedTo(platformName: string): ToastText {
  return { title: `Posted to ${platformName}!` };
}

/** 'Already posted to Bluesky on {date}. Post it again?': asked before a thread is published to a platform again. */
export function alreadyPostedTo(platformName: string, date: string): string {
  return `Already posted to ${platformName} on ${date}. Post it again?`;
}

/** 'Publishing Failed' with the failure's message. */
export function publishingFailed(message: string): ToastText {
  return { title: 'Publishing Failed', description: message };
}

/** A platform's failed row: 'Failed to post to {platform}' with the server error or 'Unknown error occurred'. */
export function failedToPostTo(platformName: string, serverError?: string | null): ToastText {
  return {
    title: `Failed to post to ${platformName}`,
    description: serverError?.trim() || platformMessages.unknownPostingError,
  };
}

/** The question before publishing again to a platform that already has the thread (see alreadyPostedTo). */
export const republishMessages = {
  title: 'Post Again?',
  confirm: 'Post Again',
  cancel: 'Cancel',
};
