import { describe, expect, it } from 'vitest';
import {
  busyScreen,
  classifyJobFailure,
  classifySubmitError,
  nextRetryCount,
} from '#web/features/create/lib/busy-retry';

describe('busy retry counter', () => {
  it('counts up to 3 and no further', () => {
    expect([0, 1, 2, 3, 7].map(nextRetryCount)).toEqual([1, 2, 3, 3, 3]);
  });

  it('asks to try again in a moment for the first retry, to wait from the second', () => {
    expect(busyScreen(1)).toMatchObject({
      title: 'Service Temporarily Busy',
      description: 'The AI service is experiencing high demand. This is temporary and no credits were consumed.',
      hint: 'You can try again in a moment',
      attempts: 'Retry attempts: 1/3',
      canRetry: true,
    });
    expect(busyScreen(2)).toMatchObject({
      hint: 'Please wait a few minutes before retrying.',
      attempts: 'Retry attempts: 2/3',
      canRetry: true,
    });
    expect(busyScreen(3)).toMatchObject({ attempts: 'Retry attempts: 3/3', canRetry: false });
  });
});

describe('classifyJobFailure', () => {
  const job = (
    failureKind: Parameters<typeof classifyJobFailure>[0]['failureKind'],
    error: string,
    retryable = false,
  ) => ({
    failureKind,
    error,
    retryable,
  });

  it('follows the failure kind the worker recorded', () => {
    expect(classifyJobFailure(job('extraction', 'Could not read the page'))).toEqual({
      kind: 'extraction',
      message: 'Could not read the page',
    });
    expect(classifyJobFailure(job('busy', 'Service unavailable', true))).toEqual({ kind: 'busy' });
    expect(classifyJobFailure(job('insufficient_credits', 'No credits'))).toEqual({ kind: 'insufficientCredits' });
    expect(classifyJobFailure(job('generation', 'The model refused'))).toEqual({
      kind: 'failed',
      message: 'The model refused',
    });
  });

  it('reads the kind only, never the message: a generation failure naming a 503 is still a failure', () => {
    expect(classifyJobFailure(job('generation', 'Upstream returned 503'))).toEqual({
      kind: 'failed',
      message: 'Upstream returned 503',
    });
    expect(classifyJobFailure(job('internal', 'boom', true))).toEqual({ kind: 'failed', message: 'boom' });
  });

  it('falls back on the generic message', () => {
    expect(classifyJobFailure({ failureKind: 'internal', error: null, retryable: false })).toEqual({
      kind: 'failed',
      message: 'An unexpected error occurred while processing your URL. Please try again.',
    });
  });
});

describe('classifySubmitError', () => {
  it('maps codes: insufficient credits, busy, extraction; other codes fail with their message', () => {
    expect(classifySubmitError(402, 'No credits', 'insufficient_credits')).toEqual({ kind: 'insufficientCredits' });
    expect(classifySubmitError(503, 'Busy', 'service_busy')).toEqual({ kind: 'busy' });
    expect(classifySubmitError(422, 'Could not read', 'extraction_failed')).toEqual({
      kind: 'extraction',
      message: 'Could not read',
    });
    expect(classifySubmitError(404, 'Thread not found', 'thread_not_found')).toEqual({
      kind: 'failed',
      message: 'Thread not found',
    });
  });

  it('treats a gateway error without a code as busy, and never reads the message text', () => {
    expect(classifySubmitError(503, 'Request failed (HTTP 503)')).toEqual({ kind: 'busy' });
    expect(classifySubmitError(500, 'The model is overloaded', 'internal_error')).toEqual({
      kind: 'failed',
      message: 'The model is overloaded',
    });
  });
});
