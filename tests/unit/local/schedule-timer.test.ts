import { describe, expect, it } from 'vitest';
import { schedules } from '#functions/manifest';
import { msUntilNext, msUntilNextRun, parseSchedule } from '#local/schedule-timer';

describe('the local schedule timer', () => {
  it('reads the EventBridge daily rule and rate expressions', () => {
    expect(parseSchedule('cron(0 0 * * ? *)')).toEqual({ kind: 'daily', minute: 0, hour: 0 });
    expect(parseSchedule('cron(30 6 * * ? *)')).toEqual({ kind: 'daily', minute: 30, hour: 6 });
    expect(parseSchedule('rate(30 minutes)')).toEqual({ kind: 'rate', everyMs: 30 * 60_000 });
    expect(parseSchedule('rate(1 hour)')).toEqual({ kind: 'rate', everyMs: 3_600_000 });
    expect(() => parseSchedule('rate(0 minutes)')).toThrow(/rate\(N unit\)/);
    expect(() => parseSchedule('cron(0/5 * * * ? *)')).toThrow(/daily cron/);
  });

  it('runs every schedule the manifest declares', () => {
    for (const schedule of schedules) expect(() => parseSchedule(schedule.cron)).not.toThrow();
  });

  it('waits until the next UTC midnight', () => {
    expect(msUntilNext(new Date('2026-03-01T23:59:00Z'), { hour: 0, minute: 0 })).toBe(60_000);
    expect(msUntilNext(new Date('2026-03-01T00:00:00Z'), { hour: 0, minute: 0 })).toBe(24 * 3600 * 1000);
    expect(msUntilNext(new Date('2026-12-31T12:00:00Z'), { hour: 0, minute: 0 })).toBe(12 * 3600 * 1000);
  });

  it('runs a rate on the whole multiples of its period', () => {
    const everyHalfHour = parseSchedule('rate(30 minutes)');
    expect(msUntilNextRun(new Date('2026-03-01T10:20:00Z'), everyHalfHour)).toBe(10 * 60_000);
    expect(msUntilNextRun(new Date('2026-03-01T10:30:00Z'), everyHalfHour)).toBe(30 * 60_000);
  });
});
