import type { ErrorCode } from '../error-codes';
import { adminMessages } from './admin';
import { apiKeyMessages } from './api-keys';
import { creditMessages } from './credits';
import { generationMessages } from './generation';
import { threadMessages } from './threads';
import { webhookMessages } from './webhooks';
import { workspaceMessages } from './workspaces';

// The API's fixed refusal texts, sent as `error` beside a stable `code`.

/**
 * The API's texts for refusals with a fixed wording: the `error` of `{ error, code }`. The server
 * sends them and the web shows them by code (see `web/src/lib/error-texts.ts`), never by matching text.
 */
export const apiErrorMessages = {
  unauthorized: 'Authentication required',
  forbidden: 'Access Denied',
  admin_required: adminMessages.accessDenied.description,
  thread_access_denied: 'Access Denied: You do not have permission to access this thread.',
  thread_not_found: threadMessages.threadNotFound,
  generation_job_not_found: 'Generation job not found',
  not_found: 'Not found',
  invalid_json: 'Request body is not valid JSON',
  payload_too_large: 'Request body too large (max 256 KB)',
  malformed_path: 'The request path or query contains an invalid percent-escape.',
  regeneration_url_mismatch:
    'A thread can only be regenerated from the same article it was written from. Start a new thread for another URL.',
  insufficient_credits: creditMessages.insufficientCredits.description,
  invalid_url: generationMessages.invalidUrl,
  service_busy: 'The AI service is temporarily unavailable. Please try again in a moment.',
  no_posts: threadMessages.saveNoPosts.description,
  attribution_protected: threadMessages.attributionProtected.description,
  post_too_long: threadMessages.overLimit,
  account_deleted: 'This account has been deleted.',
  email_mismatch: 'The email you typed does not match your account email.',
  webhook_signature_invalid: 'The webhook signature does not match its body.',
  checkout_session_not_found: 'This checkout was not found. Please start your purchase again from Credits.',
  oauth_state_invalid: 'This sign-in link is invalid or has expired. Please connect again.',
  oauth_browser_mismatch:
    'This connection was started in another browser or by another account, so nothing was connected. To connect your own account, sign in to ThreadSnip in this browser and choose Connect again.',
  internal_error: 'Something went wrong on our side. Please try again.',
  request_in_progress: 'This request is still being processed. Please wait a moment before retrying.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different request.',
  schedule_too_far: 'Choose a time within a year from now.',
  schedule_limit_reached: 'You already have 500 scheduled publishes. Cancel one, or wait until one is published.',
  posting_queue_empty: 'Your posting queue has no time slots yet. Add some in Account Settings.',
  posting_queue_full: 'Every slot of your posting queue is taken for the next year. Add slots, or choose a time.',
  scheduled_item_not_found: 'Scheduled publish not found',
  posting_queue_not_set: 'No posting queue has been set up yet. Add weekly slots in Account Settings.',
  scheduled_item_not_upcoming: 'This publish is no longer scheduled: it was published or cancelled.',
  post_not_found: 'This post is not in the thread. Reload the thread and try again.',
  no_article_image: "The article's page has no picture to use.",
  workspace_access_denied: workspaceMessages.accessDenied,
  invitation_invalid: workspaceMessages.invitationInvalid,
  invitation_not_found: workspaceMessages.invitationNotFound,
  member_not_found: workspaceMessages.memberNotFound,
  already_member: workspaceMessages.alreadyMember,
  last_owner: workspaceMessages.lastOwner,
  personal_workspace: workspaceMessages.personalWorkspace,
  approval_required: workspaceMessages.approvalRequired,
  review_version_stale: workspaceMessages.reviewVersionStale,
  review_link_invalid: workspaceMessages.reviewLink.invalid,
  review_link_expired: workspaceMessages.reviewLink.expired,
  review_link_revoked: workspaceMessages.reviewLink.revoked,
  review_link_used: workspaceMessages.reviewLink.used,
  review_link_outdated: workspaceMessages.reviewLink.outdated,
  review_link_not_found: workspaceMessages.reviewLink.notFound,
  api_key_invalid: apiKeyMessages.invalid,
  api_key_not_found: apiKeyMessages.notFound,
  api_key_in_url: apiKeyMessages.inUrl,
  webhook_endpoint_not_found: webhookMessages.notFound,
  display_name_required:
    'Choose a display name before making a thread public: public pages name you by it, never by your email.',
} as const satisfies Partial<Record<ErrorCode, string>>;
