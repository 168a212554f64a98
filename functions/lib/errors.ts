import { defaultCodeForStatus, type ErrorCode } from '../../shared/error-codes';
import { apiErrorMessages } from '../../shared/messages';

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

export class ForbiddenError extends DomainError {
  constructor(message: string = apiErrorMessages.forbidden, code: ErrorCode = 'forbidden') {
    super(403, message, {}, code);
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
