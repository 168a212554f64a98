import type { ErrorCode } from '#shared/error-codes';
import {
  generationMessages,
  MAX_GENERATION_RETRIES,
  retryAttempts,
  serviceBusyHint,
} from '#shared/messages/generation';
import type { GenerationJob } from '#shared/schemas/generation';

/** The retry counter after one more service-busy failure, never past the maximum of 3. */
export function nextRetryCount(retryCount: number): number {
  return Math.min(MAX_GENERATION_RETRIES, Math.max(0, retryCount) + 1);
}

/** What the 'Service Temporarily Busy' screen shows for a retry count. */
export interface BusyScreen {
  title: string;
  description: string;
  /** 'You can try again in a moment' under 2 retries, then 'Please wait a few minutes before retrying.' */
  hint: string;
  /** 'Retry attempts: n/3' */
  attempts: string;
  /** Try Again is offered until the third busy failure. */
  canRetry: boolean;
}

/** The busy screen for the number of busy failures so far. */
export function busyScreen(retryCount: number): BusyScreen {
  return {
    title: generationMessages.serviceBusy.title,
    description: generationMessages.serviceBusy.description,
    hint: serviceBusyHint(retryCount),
    attempts: retryAttempts(retryCount),
    canRetry: retryCount < MAX_GENERATION_RETRIES,
  };
}

/** How the flow reacts to a failed generation. */
export type GenerationFailure =
  /** Shown in the amber box on the input step. */
  | { kind: 'extraction'; message: string }
  /** The busy screen with the retry counter; nothing was charged. */
  | { kind: 'busy' }
  /** 'Insufficient Credits' and a move to /credits. */
  | { kind: 'insufficientCredits' }
  /** 'Generation Failed' with the message. */
  | { kind: 'failed'; message: string };

/**
 * Classifies a failed generation job by the failureKind the worker recorded (every failed job has
 * one, and the worker already applied the spec's busy markers): never by the message text.
 */
export function classifyJobFailure(job: Pick<GenerationJob, 'error' | 'failureKind' | 'retryable'>): GenerationFailure {
  const message = job.error?.trim() || generationMessages.unexpectedError;
  switch (job.failureKind) {
    case 'extraction':
      return { kind: 'extraction', message };
    case 'busy':
      return { kind: 'busy' };
    case 'insufficient_credits':
      return { kind: 'insufficientCredits' };
    default:
      return { kind: 'failed', message };
  }
}

/**
 * Classifies a refused submission by its error code, or by the HTTP status when no API answered
 * (0 = unreachable, a gateway's 502–504): never by the message text.
 */
export function classifySubmitError(status: number, message: string, code: ErrorCode | null = null): GenerationFailure {
  if (code === 'insufficient_credits') return { kind: 'insufficientCredits' };
  if (code === 'service_busy' || (!code && (status === 502 || status === 503 || status === 504)))
    return { kind: 'busy' };
  if (code === 'extraction_failed' || code === 'invalid_url') return { kind: 'extraction', message };
  return { kind: 'failed', message: message.trim() || generationMessages.unexpectedError };
}
