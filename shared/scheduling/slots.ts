import type { PostingSlot } from '../schemas/scheduling';
import type { Platform } from '../schemas/thread';
import { instantsReading, resolveWallClock, WEEKDAYS, wallClockAt } from '../time-zone';

/**
 * Scheduling's slot maths, pure and shared: a slot is a weekday and an 'HH:mm' in the user's zone,
 * so a 09:00 slot stays 09:00 across daylight-saving changes. The zone maths (offsets, a gap's time
 * moving forward, a repeat's first occurrence so it fires once) is shared/time-zone.ts.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The earliest and latest instants a schedule may name (at least `minLeadSeconds` ahead, at most `maxLeadDays`). */
export function scheduleWindow(now: Date, bounds: { minLeadSeconds: number; maxLeadDays: number }) {
  return {
    earliest: now.getTime() + bounds.minLeadSeconds * 1000,
    latest: now.getTime() + bounds.maxLeadDays * DAY_MS,
  };
}

/**
 * The first slot instant inside the window that no upcoming item takes, with the slot it is, walking
 * the weekly slots day by day in the queue's zone; null when there are no slots or all are taken up
 * to the latest time.
 */
export function nextFreeSlot(
  slots: readonly PostingSlot[],
  zone: string,
  window: { earliest: number; latest: number },
  taken: ReadonlySet<number>,
): { at: Date; slot: PostingSlot } | null {
  if (slots.length === 0) return null;
  const today = wallClockAt(new Date(window.earliest), zone);
  for (let offset = 0; ; offset += 1) {
    // Calendar arithmetic on the local date alone (no zone): the day after 31 March is 1 April.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (date.getTime() - DAY_MS > window.latest) return null;
    const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7]!;
    const ofDay = slots.filter((slot) => slot.day === weekday).sort((a, b) => a.time.localeCompare(b.time));
    for (const slot of ofDay) {
      const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
      const wall = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute };
      const instant = resolveWallClock(wall, zone).getTime();
      if (instant < window.earliest || taken.has(instant)) continue;
      if (instant > window.latest) return null;
      return { at: new Date(instant), slot };
    }
  }
}

/**
 * The accounts a queued item posts to on each of its platforms: those the item names win; else the
 * account its slot names for the platform; else none is named (the platform's only account is used,
 * and with several connected the item is refused). Only the item's platforms are answered.
 */
export function accountsOfQueuedItem(
  platforms: readonly Platform[],
  named: Partial<Record<Platform, readonly string[]>> | undefined,
  slot: Pick<PostingSlot, 'accounts'> | null,
): Partial<Record<Platform, string[]>> {
  const accounts: Partial<Record<Platform, string[]>> = {};
  for (const platform of platforms) {
    const own = named?.[platform];
    const ofSlot = slot?.accounts?.[platform];
    if (own?.length) accounts[platform] = [...own];
    else if (ofSlot) accounts[platform] = [ofSlot];
  }
  return accounts;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An EventBridge Scheduler one-time expression for an instant: `at(…)` on the zone's wall clock with
 * that zone, unless that reading is not the instant's alone (a repeated or skipped local time), where
 * the scheduler's own choice could differ from ours; then the same instant in UTC.
 */
export function oneTimeScheduleExpression(at: Date, zone: string): { expression: string; timeZone: string } {
  // The expression counts whole seconds: a fraction rounds up, so it never fires early.
  const instant = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  const local = wallClockAt(instant, zone);
  const readings = instantsReading(local, zone);
  const exact = readings.length === 1 && readings[0] === Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  const wall = exact ? local : wallClockAt(instant, 'UTC');
  // Zone offsets are whole minutes, so the seconds read the same on every clock.
  const text = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(instant.getUTCSeconds())}`;
  return { expression: `at(${text})`, timeZone: exact ? zone : 'UTC' };
}

/** Reads `at(yyyy-mm-ddThh:mm:ss)` in `zone` back to its instant (the local scheduler, as EventBridge does). */
export function instantOfAtExpression(expression: string, zone: string): Date | null {
  const match = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/.exec(expression);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(resolveWallClock({ year, month, day, hour, minute }, zone).getTime() + second * 1000);
}
