import { defaultCodeForStatus, type ErrorCode } from '../../shared/error-codes';
import { apiErrorMessages } from '../../shared/messages/api-errors';
import { platformDisplayName } from '../../shared/platforms';
import type { Platform } from '../../shared/schemas/thread';

/**
 * Domain errors carry the HTTP status, a stable code from `shared/error-codes.ts` and a message
 * safe to show a user; the HTTP middleware maps them to `{ "error": message, "code": code }`.
 * Anything else becomes a 500 `internal_error` with a generic message.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra fields for the JSON body (e.g. `retryable`). */
  readonly details: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers: Record<string, string> = {};

  constructor(status: number, message: string, details: Record<string, unknown> = {}, code?: ErrorCode) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code ?? defaultCodeForStatus(status);
    this.details = details;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, code: ErrorCode = 'invalid_request') {
    super(400, message, {}, code);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string = apiErrorMessages.unauthorized) {
    super(401, message, {}, 'unauthorized');
  }
}

/** A missing, malformed, unknown or revoked API key, or one whose account is deleted: one answer for all. */
export class InvalidApiKeyError extends DomainError {
  constructor() {
    super(401, apiErrorMessages.api_key_invalid, {}, 'api_key_invalid');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = apiErrorMessages.forbidden, code: ErrorCode = 'forbidden') {
    super(403, message, {}, code);
  }
}

/**
 * A token of a deleted account: valid as far as the gateway can tell (signature, expiry), but its
 * account is tombstoned, so every route refuses it and nothing is written for it.
 */
export class AccountDeletedError extends DomainError {
  constructor() {
    super(401, apiErrorMessages.account_deleted, {}, 'account_deleted');
  }
}

/** A signed-in caller on an admin route whose stored role is not admin. */
export class AdminRequiredError extends ForbiddenError {
  constructor() {
    super(apiErrorMessages.admin_required, 'admin_required');
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = apiErrorMessages.not_found, code: ErrorCode = 'not_found') {
    super(404, message, {}, code);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, message, {}, code);
  }
}

/** Bodies over the route's cap are refused before parsing (a 400, like any other bad input). */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string = apiErrorMessages.payload_too_large) {
    super(400, message, {}, 'payload_too_large');
  }
}

export class InsufficientCreditsError extends DomainError {
  constructor(message: string = apiErrorMessages.insufficient_credits) {
    super(402, message, {}, 'insufficient_credits');
  }
}

/** An article could not be fetched or read; shown in the amber box, nothing charged. */
export class ExtractionError extends DomainError {
  constructor(message: string, code: ErrorCode = 'extraction_failed') {
    super(422, message, { extractionError: true }, code);
  }
}

/** The AI service is busy (429, 5xx, timeout): the user may retry; no credit is consumed. */
export class ServiceBusyError extends DomainError {
  constructor(message: string = apiErrorMessages.service_busy) {
    super(503, message, { retryable: true }, 'service_busy');
  }
}

/** Generation failed for a reason a retry will not fix. */
export class GenerationFailedError extends DomainError {
  constructor(message: string) {
    super(502, message, { retryable: false }, 'generation_failed');
  }
}

/** A webhook whose signature does not match its raw body (or has none). */
export class WebhookSignatureError extends DomainError {
  constructor() {
    super(400, apiErrorMessages.webhook_signature_invalid, {}, 'webhook_signature_invalid');
  }
}

/** An OAuth callback whose `state` is missing, forged, expired, foreign or already used. */
export class OAuthStateError extends DomainError {
  constructor() {
    super(400, apiErrorMessages.oauth_state_invalid, {}, 'oauth_state_invalid');
  }
}

/**
 * An OAuth callback reached in a browser that did not start the flow (no flow cookie, or another
 * flow's): a consent link handed to someone else. Nothing is connected and the state stays unspent.
 */
export class OAuthBrowserMismatchError extends DomainError {
  constructor() {
    super(400, apiErrorMessages.oauth_browser_mismatch, {}, 'oauth_browser_mismatch');
  }
}

/** A regeneration names a URL other than the thread's own article. */
export class RegenerationUrlMismatchError extends DomainError {
  constructor() {
    super(400, apiErrorMessages.regeneration_url_mismatch, {}, 'regeneration_url_mismatch');
  }
}

/** A path or query value that is not valid percent-encoded UTF-8. */
export class MalformedPathError extends DomainError {
  constructor() {
    super(400, apiErrorMessages.malformed_path, {}, 'malformed_path');
  }
}

/** A per-user budget is spent; `retryAfterSeconds` says when it refills. */
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, code: ErrorCode = 'rate_limited') {
    super(429, message, {}, code);
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

/** A retry of a request whose first attempt is still running (same Idempotency-Key). */
export class RequestInProgressError extends DomainError {
  constructor() {
    super(409, apiErrorMessages.request_in_progress, { retryable: true }, 'request_in_progress');
  }
}

/** An Idempotency-Key reused for a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(422, apiErrorMessages.idempotency_key_reused, {}, 'idempotency_key_reused');
  }
}

/**
 * The stored grant no longer works (revoked, expired, the app removed): nothing can be posted or read
 * until the user connects the platform again. A platform adapter throws it with the platform's words;
 * the connections service with `forPlatform`. Either answers 400 `reconnect_required`.
 */
export class ReconnectRequiredError extends DomainError {
  constructor(message: string) {
    super(400, message, {}, 'reconnect_required');
  }

  /** '{Platform} needs to be connected again ({reason}). Reconnect it in Account Settings.' */
  static forPlatform(platform: Platform, reason = 'its authorization was revoked or has expired') {
    return new ReconnectRequiredError(
      `${platformDisplayName(platform)} needs to be connected again (${reason}). Reconnect it in Account Settings.`,
    );
  }
}

/** Why a review link is refused: unknown (404), expired, revoked or outdated (410), already used (409). */
export type ReviewLinkRefusal =
  | 'review_link_invalid'
  | 'review_link_expired'
  | 'review_link_revoked'
  | 'review_link_outdated'
  | 'review_link_used';

const reviewLinkStatus: Record<ReviewLinkRefusal, number> = {
  review_link_invalid: 404,
  review_link_expired: 410,
  review_link_revoked: 410,
  review_link_outdated: 410,
  review_link_used: 409,
};

/** A review link that cannot be viewed or decided on (the client's page tells each case apart by its code). */
export class ReviewLinkRefusedError extends DomainError {
  constructor(code: ReviewLinkRefusal) {
    super(reviewLinkStatus[code], apiErrorMessages[code], {}, code);
  }
}
