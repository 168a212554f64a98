import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  dayInZone,
  formatZonedDateTime,
  formatZonedTime,
  fromWallClock,
  hourInZone,
  isKnownTimeZone,
  periodDates,
  resolveWallClock,
  timeZoneOptions,
  toWallClock,
  wallClockAt,
  zoneClock,
} from '#shared/time-zone';

const at = (iso: string) => new Date(iso).toISOString();
const wall = (date: string, time: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
};

describe('the zones a runtime knows', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isKnownTimeZone('Europe/Dublin')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it('names the runtime’s own zone, a known one', () => {
    expect(isKnownTimeZone(browserTimeZone())).toBe(true);
  });
});

describe('wall-clock times across daylight-saving changes', () => {
  it.each([
    // zone, local date and time, the instant it stands for
    ['Europe/Dublin', '2025-01-15', '09:00', '2025-01-15T09:00:00Z'],
    ['Europe/Dublin', '2025-07-15', '09:00', '2025-07-15T08:00:00Z'],
    ['America/New_York', '2025-07-15', '09:00', '2025-07-15T13:00:00Z'],
    ['Australia/Sydney', '2025-07-15', '09:00', '2025-07-14T23:00:00Z'],
  ])('reads %s %s %s as %s', (zone, date, time, expected) => {
    expect(resolveWallClock(wall(date, time), zone).toISOString()).toBe(at(expected));
  });

  it.each([
    // spring gaps: the skipped local time moves forward by the gap (an hour)
    ['Europe/Dublin', '2025-03-30', '01:30', '2025-03-30T01:30:00Z', '02:30'],
    ['America/New_York', '2025-03-09', '02:30', '2025-03-09T07:30:00Z', '03:30'],
    ['Australia/Sydney', '2025-10-05', '02:30', '2025-10-04T16:30:00Z', '03:30'],
  ])('moves %s %s %s (skipped) forward to %s, %s on the clock', (zone, date, time, expected, clock) => {
    const instant = resolveWallClock(wall(date, time), zone);

    expect(instant.toISOString()).toBe(at(expected));
    const reading = wallClockAt(instant, zone);
    expect(`${String(reading.hour).padStart(2, '0')}:${String(reading.minute).padStart(2, '0')}`).toBe(clock);
  });

  it.each([
    // autumn repeats: the first of the two occurrences (still on summer time)
    ['Europe/Dublin', '2025-10-26', '01:30', '2025-10-26T00:30:00Z'],
    ['America/New_York', '2025-11-02', '01:30', '2025-11-02T05:30:00Z'],
    ['Australia/Sydney', '2025-04-06', '02:30', '2025-04-05T15:30:00Z'],
  ])('takes the first occurrence of %s %s %s (repeated): %s', (zone, date, time, expected) => {
    expect(resolveWallClock(wall(date, time), zone).toISOString()).toBe(at(expected));
  });
});

describe('days and hours in the user zone', () => {
  it('counts a late UTC evening on the next day east of UTC and the day before west of it', () => {
    expect(dayInZone('2025-03-10T23:30:00Z', 'Europe/Berlin')).toBe('2025-03-11');
    expect(dayInZone('2025-03-10T03:30:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(hourInZone('2025-03-10T23:30:00Z', 'Asia/Kolkata')).toBe(5);
  });

  it('reads the wall clock across DST changes', () => {
    // New York springs forward on 9 March 2025: 07:30 UTC is 03:30 EDT, a day before it was 02:30 EST.
    expect(hourInZone('2025-03-09T07:30:00Z', 'America/New_York')).toBe(3);
    expect(hourInZone('2025-03-08T07:30:00Z', 'America/New_York')).toBe(2);
    // Berlin falls back on 26 October 2025: both 00:30 and 01:30 UTC read 02:30 that day.
    expect(hourInZone('2025-10-26T00:30:00Z', 'Europe/Berlin')).toBe(2);
    expect(hourInZone('2025-10-26T01:30:00Z', 'Europe/Berlin')).toBe(2);
  });

  it('groups many instants by the same day and hour as the clock itself, across DST changes and quarter-hour zones', () => {
    // Every 7 minutes over three days around Europe's and Lord Howe's changes, and around New York's.
    const instants = ['2025-10-25T12:00:00Z', '2025-04-05T12:00:00Z', '2025-03-08T12:00:00Z'].flatMap((start) =>
      Array.from({ length: 24 * 9 * 3 }, (_, step) =>
        new Date(Date.parse(start) + step * 7 * 60_000 + 59_000).toISOString(),
      ),
    );
    for (const zone of ['Europe/Berlin', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/New_York', 'UTC']) {
      const clock = zoneClock(zone);
      for (const instant of instants) {
        expect(clock(instant)).toEqual({ day: dayInZone(instant, zone), hour: hourInZone(instant, zone) });
      }
    }
  });

  it('lists every calendar day of the period once, a DST day included, ending today in the zone', () => {
    const dates = periodDates(new Date('2025-03-12T02:00:00Z'), 'America/New_York', 7);
    expect(dates).toEqual([
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
    ]);
    expect(periodDates(new Date('2025-10-30T12:00:00Z'), 'Europe/Berlin', 90)).toHaveLength(90);
  });
});

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
