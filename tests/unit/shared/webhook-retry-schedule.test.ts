import { describe, expect, it } from 'vitest';
import {
  isRetryableFailure,
  nextStepDelaySeconds,
  retryDelaySeconds,
  WEBHOOK_MAX_ATTEMPTS,
} from '#shared/webhooks/retry-schedule';

describe('the webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then makes the last try 24 hours after the first', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, index) => retryDelaySeconds(index + 1));

    expect(delays.slice(0, 6)).toEqual([5, 300, 1800, 7200, 18_000, 36_000]);
    expect(delays.at(-1)).toBeNull();
    const total = delays.reduce<number>((sum, delay) => sum + (delay ?? 0), 0);
    expect(total).toBe(24 * 3600);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
  });

  it('scales every delay (tests run the 24 hours in seconds)', () => {
    expect(retryDelaySeconds(1, 0.01)).toBeCloseTo(0.05);
    expect(retryDelaySeconds(6, 0.001)).toBeCloseTo(36);
    expect(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS, 0.001)).toBeNull();
  });

  it('retries no answer, a redirect, 408, 429 and 5xx, never a success or another 4xx', () => {
    for (const status of [null, 301, 302, 307, 408, 429, 500, 502, 503, 504])
      expect(isRetryableFailure(status)).toBe(true);
    for (const status of [200, 201, 204, 400, 401, 403, 404, 410, 413, 422])
      expect(isRetryableFailure(status)).toBe(false);
  });

  it('waits toward a due time in steps of at most the 15 minutes SQS allows, rounding up to whole seconds', () => {
    const now = new Date('2026-11-28T00:00:00Z');

    expect(nextStepDelaySeconds(new Date(now.getTime() + 2 * 3600_000), now)).toBe(900);
    expect(nextStepDelaySeconds(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(nextStepDelaySeconds(new Date(now.getTime() - 1000), now)).toBe(0);
  });
});
