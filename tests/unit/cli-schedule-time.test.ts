import { describe, expect, it } from 'vitest';
import { scheduleTime } from '../../cli/remote';

const now = new Date('2026-11-28T12:00:00Z');

describe("threadsnip thread --at's time", () => {
  it('reads a time without offset in the given zone and sends it with that offset', () => {
    expect(scheduleTime('2026-12-01T09:00', 'Europe/Dublin', now)).toBe('2026-12-01T09:00:00.000+00:00');
    expect(scheduleTime('2027-07-01T09:00', 'Europe/Dublin', now)).toBe('2027-07-01T09:00:00.000+01:00');
    expect(scheduleTime('2026-12-01T09:00', 'America/New_York', now)).toBe('2026-12-01T09:00:00.000-05:00');
  });

  it('keeps a time given with an offset, with whole seconds', () => {
    expect(scheduleTime('2026-12-01T09:00+05:30', 'Europe/Dublin', now)).toBe('2026-12-01T09:00:00+05:30');
    expect(scheduleTime('2026-12-01T09:00:00Z', 'Europe/Dublin', now)).toBe('2026-12-01T09:00:00Z');
  });

  it('refuses what is not a time, a date that does not exist, a time the clocks skip, and the past (usage errors)', () => {
    for (const [value, words] of [
      ['tomorrow', 'is not a date and time'],
      ['2026-12-01 09:00', 'is not a date and time'],
      ['2027-02-30T09:00', 'is not a date and time'],
      ['2027-03-28T01:30', 'does not exist in your time zone'],
      ['2026-11-28T11:00', 'is in the past'],
    ] as const)
      expect(() => scheduleTime(value, 'Europe/Dublin', now), value).toThrow(
        expect.objectContaining({ name: 'CliUsageError', message: expect.stringContaining(words) }),
      );
  });
});
