import { describe, expect, it } from 'vitest';
import { schedulingMessages } from '#shared/messages/scheduling';
import {
  formatZonedDateTime,
  formatZonedTime,
  fromWallClock,
  pickedTimeProblem,
  pickerBounds,
  timeZoneOptions,
  toWallClock,
} from '#web/features/scheduling/lib/zoned-time';

const texts = schedulingMessages;

describe('wall clock in a zone ↔ instant', () => {
  it('reads an instant on each zone’s wall clock, summer and winter', () => {
    const instant = '2026-07-01T12:00:00.000Z';
    expect(toWallClock(instant, 'Europe/Dublin')).toBe('2026-07-01T13:00');
    expect(toWallClock(instant, 'America/New_York')).toBe('2026-07-01T08:00');
    expect(toWallClock(instant, 'Australia/Sydney')).toBe('2026-07-01T22:00');
    expect(toWallClock('2026-01-15T12:00:00.000Z', 'Europe/Dublin')).toBe('2026-01-15T12:00');
  });

  it('turns a picked wall-clock time into the instant with that day’s offset', () => {
    expect(fromWallClock('2026-01-15T09:00', 'Europe/Dublin')).toBe('2026-01-15T09:00:00.000+00:00');
    expect(fromWallClock('2026-07-01T09:00', 'Europe/Dublin')).toBe('2026-07-01T09:00:00.000+01:00');
    expect(fromWallClock('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T09:00:00.000-04:00');
    expect(fromWallClock('2026-07-01T09:00', 'Australia/Sydney')).toBe('2026-07-01T09:00:00.000+10:00');
    expect(Date.parse(fromWallClock('2026-07-01T09:00', 'Europe/Dublin')!)).toBe(Date.parse('2026-07-01T08:00:00Z'));
  });

  it('moves a time the clocks skip forward by the gap (spring forward)', () => {
    // Dublin 29 Mar 2026: 01:00 → 02:00; New York 8 Mar 2026: 02:00 → 03:00; Sydney 4 Oct 2026: 02:00 → 03:00.
    expect(fromWallClock('2026-03-29T01:30', 'Europe/Dublin')).toBe('2026-03-29T02:30:00.000+01:00');
    expect(fromWallClock('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T03:30:00.000-04:00');
    expect(fromWallClock('2026-10-04T02:30', 'Australia/Sydney')).toBe('2026-10-04T03:30:00.000+11:00');
  });

  it('gives one instant for a time the clocks repeat (fall back), and reads both back as that wall time', () => {
    // New York 1 Nov 2026: 01:00–02:00 happens twice; Sydney 5 Apr 2026: 02:00–03:00 does.
    const ny = fromWallClock('2026-11-01T01:30', 'America/New_York')!;
    expect(['2026-11-01T01:30:00.000-04:00', '2026-11-01T01:30:00.000-05:00']).toContain(ny);
    expect(toWallClock(ny, 'America/New_York')).toBe('2026-11-01T01:30');
    const sydney = fromWallClock('2026-04-05T02:30', 'Australia/Sydney')!;
    expect(toWallClock(sydney, 'Australia/Sydney')).toBe('2026-04-05T02:30');
    expect(toWallClock('2026-11-01T05:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(toWallClock('2026-11-01T06:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30');
  });

  it('refuses what is not a wall-clock date and time', () => {
    for (const value of [
      '',
      '2026-07-01',
      '2026-07-01T9:00',
      '2026-13-01T09:00',
      '2026-02-31T09:00',
      '2026-07-01T24:00',
    ]) {
      expect(fromWallClock(value, 'Europe/Dublin'), value).toBeNull();
    }
  });
});

describe('checking a picked time', () => {
  const now = new Date('2026-07-01T12:00:00.000Z');

  it('asks for a time when none is picked, refuses the past and beyond a year', () => {
    expect(pickedTimeProblem('', 'Europe/Dublin', now)).toBe(texts.chooseTime);
    // 13:00 in Dublin is 12:00 UTC: now, not later.
    expect(pickedTimeProblem('2026-07-01T13:00', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2026-07-01T12:59', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2027-07-02T12:00', 'Europe/Dublin', now)).toBe(texts.timeTooFar);
  });

  it('accepts a later time the same day and up to a year ahead, read in the zone', () => {
    expect(pickedTimeProblem('2026-07-01T13:01', 'Europe/Dublin', now)).toBeNull();
    // 12:30 is still ahead in New York (16:30 UTC), but 12:30 in Dublin is not (11:30 UTC).
    expect(pickedTimeProblem('2026-07-01T12:30', 'America/New_York', now)).toBeNull();
    expect(pickedTimeProblem('2026-07-01T12:30', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2027-07-01T13:00', 'Europe/Dublin', now)).toBeNull();
  });

  it('bounds the picker from now to a year ahead on the zone’s wall clock', () => {
    expect(pickerBounds('Australia/Sydney', now)).toEqual({ min: '2026-07-01T22:00', max: '2027-07-01T22:00' });
  });
});

describe('formatting in the user’s zone', () => {
  it('names the date, the time and the zone’s offset that day', () => {
    expect(formatZonedDateTime('2026-03-29T08:00:00Z', 'Europe/Dublin', 'en-US')).toBe(
      'Sun, Mar 29, 2026, 9:00 AM GMT+1',
    );
    expect(formatZonedDateTime('2026-03-29T08:00:00Z', 'Australia/Sydney', 'en-GB')).toBe(
      'Sun, 29 Mar 2026, 19:00 GMT+11',
    );
    expect(formatZonedTime('2026-03-29T08:00:00Z', 'America/New_York', 'en-US')).toBe('4:00 AM');
  });

  it('lists every zone the browser knows, keeping the current one even if the runtime leaves it out', () => {
    const zones = timeZoneOptions('UTC');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Dublin');
    expect(timeZoneOptions('Europe/Dublin').filter((zone) => zone === 'Europe/Dublin')).toHaveLength(1);
  });
});
