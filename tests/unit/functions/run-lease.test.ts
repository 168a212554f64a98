import { describe, expect, it } from 'vitest';
import { isStalled, LEASE_MS, MAX_DELAY_SECONDS } from '#functions/services/publishing/run-lease';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('a publish run that stalled (the next publish request queues it again)', () => {
  it('is stalled once the lease of the worker that took it has run out', () => {
    expect(isStalled({ status: 'posting', leaseUntil: NOW - 1, updatedAt: ago(LEASE_MS) }, NOW)).toBe(true);
    // The local stack expires a dead worker's lease to 0 at start.
    expect(isStalled({ status: 'posting', leaseUntil: 0, updatedAt: ago(0) }, NOW)).toBe(true);
  });

  it('is not stalled while a worker holds it', () => {
    expect(isStalled({ status: 'posting', leaseUntil: NOW + 1, updatedAt: ago(1_000) }, NOW)).toBe(false);
  });

  it('waits unclaimed as long as a message of it may still be delayed, and no longer', () => {
    const longestWait = MAX_DELAY_SECONDS * 1000 + LEASE_MS;
    expect(isStalled({ status: 'pending', leaseUntil: null, updatedAt: ago(longestWait) }, NOW)).toBe(false);
    expect(isStalled({ status: 'posting', leaseUntil: null, updatedAt: ago(longestWait - 1) }, NOW)).toBe(false);
    expect(isStalled({ status: 'pending', leaseUntil: null, updatedAt: ago(longestWait + 1) }, NOW)).toBe(true);
  });

  it('is never stalled once it ended', () => {
    for (const status of ['completed', 'failed'] as const) {
      expect(isStalled({ status, leaseUntil: NOW - 1, updatedAt: ago(LEASE_MS * 100) }, NOW)).toBe(false);
    }
  });
});
