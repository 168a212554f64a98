import type { ScheduledItem } from '#shared/schemas/scheduling';
import { toWallClock } from '#shared/time-zone';

/** Upcoming items of one calendar day in the user's zone. */
export interface ScheduledDay {
  /** 'YYYY-MM-DD' in the zone. */
  day: string;
  /** 'Today', 'Tomorrow' or 'Wednesday, April 1, 2026'. */
  label: string;
  items: ScheduledItem[];
}

const dayOf = (instant: Date | string, zone: string) => toWallClock(instant, zone).slice(0, 10);

/**
 * Upcoming items grouped by the day they fire on in `zone`, days and items in time order. An item at
 * 23:30 UTC lands on the next day in Sydney and the same day in New York: the zone decides.
 */
export function groupByDay(items: readonly ScheduledItem[], zone: string, now: Date, locale?: string): ScheduledDay[] {
  const today = dayOf(now, zone);
  const tomorrow = dayOf(new Date(now.getTime() + 86_400_000), zone);
  const long = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  });
  const days = new Map<string, ScheduledDay>();
  for (const item of [...items].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const day = dayOf(item.at, zone);
    let group = days.get(day);
    if (!group) {
      const label = day === today ? 'Today' : day === tomorrow ? 'Tomorrow' : long.format(new Date(item.at));
      group = { day, label, items: [] };
      days.set(day, group);
    }
    group.items.push(item);
  }
  return [...days.values()];
}
