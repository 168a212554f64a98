import { TZDate } from '@date-fns/tz';
import { schedulingMessages } from '#shared/messages/scheduling';
import { SCHEDULE_LIMITS } from '#shared/schemas/scheduling';

const texts = schedulingMessages;
const DAY_MS = 86_400_000;

/** The browser's IANA time zone ('Europe/Dublin'), the default of the posting queue and the picker. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock 'YYYY-MM-DDTHH:mm' an instant shows in `zone`, as `<input type="datetime-local">` reads and writes it. */
export function toWallClock(instant: Date | string, zone: string): string {
  const local = new TZDate(new Date(instant).getTime(), zone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The instant of a wall-clock 'YYYY-MM-DDTHH:mm' in `zone`, as an ISO date-time with that zone's offset
 * (what the API takes). A time the clocks skip (the spring gap) moves forward by the gap; null for
 * anything that is not such a value.
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

/**
 * Why a picked wall-clock time cannot be scheduled (nothing picked, in the past, beyond a year), or
 * null. The minimum lead is the server's to judge: a test stack may allow shorter ones.
 */
export function pickedTimeProblem(value: string, zone: string, now: Date): string | null {
  const at = fromWallClock(value, zone);
  if (at === null) return texts.chooseTime;
  const when = Date.parse(at);
  if (when <= now.getTime()) return texts.timeInPast;
  if (when > now.getTime() + SCHEDULE_LIMITS.maxLeadDays * DAY_MS) return texts.timeTooFar;
  return null;
}

/** 'Sun, Mar 29, 2026, 9:00 AM GMT+1': a scheduled moment in the user's zone, naming the zone's offset. */
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

/** The picker's bounds: from the current minute to a year ahead, in `zone`'s wall clock. */
export function pickerBounds(zone: string, now: Date): { min: string; max: string } {
  return {
    min: toWallClock(now, zone),
    max: toWallClock(new Date(now.getTime() + SCHEDULE_LIMITS.maxLeadDays * DAY_MS), zone),
  };
}

/** Every IANA zone the browser knows, with `current` kept in the list even where the runtime omits it ('UTC'). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [...zones, current].sort();
}
