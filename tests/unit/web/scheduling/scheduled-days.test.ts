import { describe, expect, it } from 'vitest';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import { groupByDay } from '#web/features/scheduling/lib/scheduled-days';

function item(itemId: string, at: string): ScheduledItem {
  return {
    itemId,
    threadId: `thread-${itemId}`,
    threadTitle: `Thread ${itemId}`,
    platforms: ['telegram'],
    at,
    timeZone: 'Europe/Dublin',
    source: 'time',
    status: 'scheduled',
    firedAt: null,
    outcomes: [],
  };
}

const ids = (days: ReturnType<typeof groupByDay>) => days.map((day) => [day.day, day.items.map((each) => each.itemId)]);

describe('upcoming items grouped by day', () => {
  const now = new Date('2026-03-30T12:00:00.000Z');
  const items = [
    item('late', '2026-04-01T23:30:00.000Z'),
    item('first', '2026-03-30T15:00:00.000Z'),
    item('morning', '2026-04-01T08:00:00.000Z'),
  ];

  it('puts each item on the day it fires on in the zone, days and items in time order', () => {
    // 23:30 UTC on 1 April is 19:30 that day in New York and 10:30 on 2 April in Sydney.
    expect(ids(groupByDay(items, 'America/New_York', now, 'en-US'))).toEqual([
      ['2026-03-30', ['first']],
      ['2026-04-01', ['morning', 'late']],
    ]);
    expect(ids(groupByDay(items, 'Australia/Sydney', now, 'en-US'))).toEqual([
      ['2026-03-31', ['first']],
      ['2026-04-01', ['morning']],
      ['2026-04-02', ['late']],
    ]);
  });

  it('labels today and tomorrow in the zone, other days by their long date', () => {
    expect(groupByDay(items, 'Europe/Dublin', now, 'en-US').map((day) => day.label)).toEqual([
      'Today',
      'Wednesday, April 1, 2026',
      'Thursday, April 2, 2026',
    ]);
    // In Sydney it is 23:00 on 30 March: 15:00 UTC that day is 02:00 on the 31st there, tomorrow.
    expect(groupByDay(items, 'Australia/Sydney', now, 'en-GB').map((day) => day.label)).toEqual([
      'Tomorrow',
      'Wednesday, 1 April 2026',
      'Thursday, 2 April 2026',
    ]);
  });

  it('is empty for no items', () => {
    expect(groupByDay([], 'Europe/Dublin', now)).toEqual([]);
  });
});
