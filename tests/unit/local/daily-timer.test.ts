import { describe, expect, it } from 'vitest';
import { msUntilNext, parseDailyCron } from '#local/daily-timer';

describe('the local daily timer', () => {
  it('reads the EventBridge midnight rule', () => {
    expect(parseDailyCron('cron(0 0 * * ? *)')).toEqual({ minute: 0, hour: 0 });
    expect(parseDailyCron('cron(30 6 * * ? *)')).toEqual({ minute: 30, hour: 6 });
    expect(() => parseDailyCron('rate(5 minutes)')).toThrow(/daily cron/);
  });

  it('waits until the next UTC midnight', () => {
    expect(msUntilNext(new Date('2026-03-01T23:59:00Z'), { hour: 0, minute: 0 })).toBe(60_000);
    expect(msUntilNext(new Date('2026-03-01T00:00:00Z'), { hour: 0, minute: 0 })).toBe(24 * 3600 * 1000);
    expect(msUntilNext(new Date('2026-12-31T12:00:00Z'), { hour: 0, minute: 0 })).toBe(12 * 3600 * 1000);
  });
});
