import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Every time-zone helper of ThreadSnip, pure and shared by the backend and the SPA: offsets come from
 * the zone database (@date-fns/tz over Intl), never written by hand. A wall-clock time is resolved
 * by Temporal's 'compatible' rule: a local time that does not exist (spring gap) moves forward by
 * the gap's length, and one that happens twice (autumn repeat) is its first occurrence.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The days of the week, Monday first, as slots and wall clocks name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A calendar date and a wall-clock time, as written in some zone. */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** True for an IANA time zone this runtime knows ('Europe/Dublin'), false for anything else. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

/** The browser's (or runtime's) IANA time zone ('Europe/Dublin'), the default of the posting queue and the picker. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the runtime knows, with `current` kept in the list even where the runtime omits it ('UTC'). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [...zones, current].sort();
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(zone: string, instantMs: number): number {
  return tzOffset(zone, new Date(instantMs)) * MINUTE_MS;
}

/** The wall-clock reading as if it were UTC (ms). */
function wallMsOf(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

/** Every instant whose wall clock in `zone` reads `wall` (none in a gap, two in a repeat), earliest first. */
export function instantsReading(wall: WallClock, zone: string): number[] {
  const asUtc = wallMsOf(wall);
  // Offsets a day either side bracket any transition near this wall time.
  const candidates = new Set([asUtc - offsetMs(zone, asUtc - DAY_MS), asUtc - offsetMs(zone, asUtc + DAY_MS)]);
  return [...candidates].filter((instant) => instant + offsetMs(zone, instant) === asUtc).sort((a, b) => a - b);
}

/** The instant a wall-clock time in `zone` stands for: a gap's time moves forward, a repeat's is its first. */
export function resolveWallClock(wall: WallClock, zone: string): Date {
  const [first] = instantsReading(wall, zone);
  if (first !== undefined) return new Date(first);
  // In a gap: read with the offset before it, which lands the gap's length later on the clock.
  const asUtc = wallMsOf(wall);
  return new Date(asUtc - offsetMs(zone, asUtc - DAY_MS));
}

/** What the clock in `zone` reads at an instant, with its weekday ('mon'–'sun'). */
export function wallClockAt(instant: Date, zone: string): WallClock & { weekday: Weekday } {
  const local = new TZDate(instant.getTime(), zone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    // getDay: 0 is Sunday; the week starts on Monday.
    weekday: WEEKDAYS[(local.getDay() + 6) % 7]!,
  };
}

/** What the clock in `zone` reads at an instant, as if that reading were UTC. */
function wallClockIn(instant: Date | string, zone: string): Date {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + offsetMs(zone, ms));
}

/** The calendar day (YYYY-MM-DD) the clock in `zone` shows at an instant. */
export function dayInZone(instant: Date | string, zone: string): string {
  return wallClockIn(instant, zone).toISOString().slice(0, 10);
}

/** The hour (0–23) the clock in `zone` shows at an instant. */
export function hourInZone(instant: Date | string, zone: string): number {
  return wallClockIn(instant, zone).getUTCHours();
}

/** The `days` calendar days ending with today in `zone`, oldest first (calendar arithmetic: DST never skips a day). */
export function periodDates(now: Date, zone: string, days: number): string[] {
  const today = new Date(`${dayInZone(now, zone)}T00:00:00Z`).getTime();
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The day and hour in `zone` of many instants, reading the zone's clock about twice per UTC day
 * instead of once per instant (the /insights grouping of a year of threads): a UTC day whose offset
 * is the same at its first and last minute has no DST change in it, so its instants are shifted by
 * that offset; on a day with a change each instant is read from the clock.
 */
export function zoneClock(zone: string): (instant: string) => { day: string; hour: number } {
  const dayOffsets = new Map<number, number | null>();
  return (instant) => {
    const ms = Date.parse(instant);
    const utcDay = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(utcDay);
    if (offset === undefined) {
      const first = offsetMs(zone, utcDay * DAY_MS);
      offset = first === offsetMs(zone, (utcDay + 1) * DAY_MS - MINUTE_MS) ? first : null;
      dayOffsets.set(utcDay, offset);
    }
    const wall = new Date(ms + (offset ?? offsetMs(zone, ms)));
    return { day: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock 'YYYY-MM-DDTHH:mm' an instant shows in `zone`, as `<input type="datetime-local">` reads and writes it. */
export function toWallClock(instant: Date | string, zone: string): string {
  const local = new TZDate(new Date(instant).getTime(), zone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The instant of a wall-clock 'YYYY-MM-DDTHH:mm' in `zone`, as an ISO date-time (what the API
 * takes). A time the clocks skip (the spring gap) moves forward by the gap; null for anything that
 * is not such a value.
 */
export function fromWallClock(value: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const local = new TZDate(year, month - 1, day, hour, minute, zone);
  // 31 February and the like roll into the next month: not a date the user picked.
  if (local.getDate() !== day) return null;
  return local.toISOString();
}

/** 'Sun, Mar 29, 2026, 9:00 AM GMT+1': a moment in the user's zone, naming the zone's offset. */
export function formatZonedDateTime(instant: string, zone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** '9:00 AM': the time of day of an instant in `zone`. */
export function formatZonedTime(instant: string, zone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
    new Date(instant),
  );
}
