import * as z from 'zod';

/**
 * Every `code` an API error may carry, defined once. Clients branch on these, never on the
 * message text; `shared/messages/api-errors.ts` holds the texts the web shows for them.
 */
export const ERROR_CODES = [
  // Request shape and size
  'invalid_request',
  'invalid_json',
  'malformed_path',
  'payload_too_large',
  // Identity and access
  'unauthorized',
  'forbidden',
  'admin_required',
  'thread_access_denied',
  'account_deleted',
  'email_mismatch',
  // Lookups
  'not_found',
  'route_not_found',
  'thread_not_found',
  'generation_job_not_found',
  'conflict',
  // Credits
  'insufficient_credits',
  'credit_package_unavailable',
  'payment_provider_failed',
  'payment_verification_failed',
  'checkout_session_not_found',
  // Articles and generation
  'invalid_url',
  'extraction_failed',
  'service_busy',
  'generation_failed',
  'regeneration_url_mismatch',
  'translation_unavailable',
  'rate_limited',
  // Thread edits and content checks
  'no_posts',
  'attribution_protected',
  'post_too_long',
  'content_unsafe',
  // Idempotency-Key (a retried request)
  'request_in_progress',
  'idempotency_key_reused',
  // Platform connections and publishing
  'platform_disabled',
  'platform_not_connected',
  'connection_failed',
  'target_required',
  'target_not_found',
  'account_not_found',
  'account_choice_required',
  'platform_has_no_targets',
  'linkedin_page_not_administered',
  'not_oauth_platform',
  'platform_not_configured',
  'reconnect_required',
  // Scheduling
  'schedule_too_soon',
  'schedule_too_far',
  'schedule_limit_reached',
  'posting_queue_empty',
  'posting_queue_full',
  'scheduled_item_not_found',
  'posting_queue_not_set',
  'scheduled_item_not_upcoming',
  // Insights
  'refresh_too_soon',
  // Feeds and the inbox
  'feed_not_found',
  'inbox_item_not_found',
  'no_feed_found',
  'feed_unreachable',
  'feed_unreadable',
  'feed_limit_reached',
  'feed_already_added',
  'feed_check_too_soon',
  // Pictures (the media store)
  'image_rejected',
  'media_not_found',
  'media_quota_exceeded',
  'post_not_found',
  'no_article_image',
  'article_image_reserved',
  'quote_card_refused',
  'alt_text_required',
  'reconnect_for_pictures',
  // Workspaces and their members
  'workspace_access_denied',
  'role_forbidden',
  'invitation_invalid',
  'invitation_not_found',
  'member_not_found',
  'already_member',
  'last_owner',
  'personal_workspace',
  'workspace_limit_reached',
  // Approval before publishing
  'approval_required',
  'review_version_stale',
  // Review links (a client's view and decision, no account)
  'review_link_invalid',
  'review_link_expired',
  'review_link_revoked',
  'review_link_used',
  'review_link_outdated',
  'review_link_not_found',
  // Public pages (the curator's display name)
  'display_name_required',
  // API keys and the public API (/v1)
  'api_key_invalid',
  'api_key_not_found',
  'api_key_scope_missing',
  'api_key_in_url',
  // Webhook endpoints (ours, calling out)
  'webhook_url_refused',
  'webhook_endpoint_not_found',
  // Webhooks and OAuth callbacks
  'webhook_signature_invalid',
  'oauth_state_invalid',
  'oauth_browser_mismatch',
  // Anything unexpected (a 500; details never leave the server)
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error answer's body: a sentence to show, its code, and the details some errors add (so
 * further fields are allowed).
 */
export const apiErrorSchema = z.looseObject({
  error: z.string(),
  code: errorCodeSchema,
  /** Worth trying again later (a busy service, a failed generation). */
  retryable: z.boolean().optional(),
  /** The article could not be extracted (the create page words its notice so). */
  extractionError: z.boolean().optional(),
});

/** The code a status gets when the error names none (so every refusal has a code). */
export function defaultCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 402:
      return 'insufficient_credits';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'account_deleted';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    case 422:
      return 'extraction_failed';
    case 502:
      return 'generation_failed';
    case 503:
      return 'service_busy';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_request';
  }
}
