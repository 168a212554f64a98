/**
 * Domain errors carry the HTTP status and a message safe to show a user; the HTTP middleware maps
 * them to `{ "error": message }`. Anything else becomes a 500 with a generic message.
 */
export class DomainError extends Error {
  readonly status: number;
  /** Extra fields for the JSON body (e.g. `retryable`). */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.details = details;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Access Denied') {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Bodies over 256 KB are refused before parsing (a 400, like any other bad input). */
export class PayloadTooLargeError extends DomainError {
  constructor(message = 'Request body too large (max 256 KB)') {
    super(400, message);
  }
}

export class InsufficientCreditsError extends DomainError {
  constructor(message = "You don't have enough credits to generate a thread. Please purchase more credits.") {
    super(402, message);
  }
}

/** An article could not be fetched or read; shown in the amber box, nothing charged. */
export class ExtractionError extends DomainError {
  constructor(message: string) {
    super(422, message, { extractionError: true });
  }
}

/** The AI service is busy (429, 5xx, timeout): the user may retry; no credit is consumed. */
export class ServiceBusyError extends DomainError {
  constructor(message = 'The AI service is temporarily unavailable. Please try again in a moment.') {
    super(503, message, { retryable: true });
  }
}

/** Generation failed for a reason a retry will not fix. */
export class GenerationFailedError extends DomainError {
  constructor(message: string) {
    super(502, message, { retryable: false });
  }
}

/** A retry of a request whose first attempt is still running (same Idempotency-Key). */
export class RequestInProgressError extends DomainError {
  constructor() {
    super(409, 'This request is still being processed. Please wait a moment before retrying.', {
      code: 'request_in_progress',
      retryable: true,
    });
  }
}

/** An Idempotency-Key reused for a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(422, 'This Idempotency-Key was already used for a different request.', { code: 'idempotency_key_reused' });
  }
}
