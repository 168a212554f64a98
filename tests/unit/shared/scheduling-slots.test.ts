import { describe, expect, it } from 'vitest';
import {
  accountsOfQueuedItem,
  instantOfAtExpression,
  nextFreeSlot,
  oneTimeScheduleExpression,
  scheduleWindow,
} from '#shared/scheduling/slots';
import type { PostingSlot } from '#shared/schemas/scheduling';
import { wallClockAt } from '#shared/time-zone';

const at = (iso: string) => new Date(iso).toISOString();
const window = (fromIso: string, days = 365) =>
  scheduleWindow(new Date(fromIso), { minLeadSeconds: 60, maxLeadDays: days });

describe('the next free slot of a posting queue', () => {
  const weekdayMornings: PostingSlot[] = ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({
    day: day as PostingSlot['day'],
    time: '09:00',
  }));

  it('keeps a 09:00 slot at 09:00 local on both sides of the change (Dublin, spring)', () => {
    // Friday 28 March 2025, 10:00 local (GMT): Friday's slot has passed; Monday 31 March is on IST.
    const first = nextFreeSlot(weekdayMornings, 'Europe/Dublin', window('2025-03-28T10:00:00Z'), new Set());

    expect(first?.at.toISOString()).toBe(at('2025-03-31T08:00:00Z'));
    expect(wallClockAt(first!.at, 'Europe/Dublin')).toMatchObject({ weekday: 'mon', hour: 9, minute: 0 });
  });

  it('keeps a 09:00 slot at 09:00 local across New York’s autumn change', () => {
    const taken = new Set([Date.parse('2025-10-31T13:00:00Z')]);
    // Friday 31 October (EDT) is taken; the next is Monday 3 November, on EST.
    const next = nextFreeSlot(weekdayMornings, 'America/New_York', window('2025-10-31T12:00:00Z'), taken);

    expect(next?.at.toISOString()).toBe(at('2025-11-03T14:00:00Z'));
  });

  it('skips taken slots and those closer than the minimum lead', () => {
    const slots: PostingSlot[] = [
      { day: 'mon', time: '09:00' },
      { day: 'mon', time: '17:30' },
    ];
    // Monday 7 July 2025, 08:59:30 in Sydney: 09:00 is under a minute away.
    const from = '2025-07-06T22:59:30Z';
    const taken = new Set([Date.parse('2025-07-07T07:30:00Z')]);

    const next = nextFreeSlot(slots, 'Australia/Sydney', window(from), taken);

    expect(next?.at.toISOString()).toBe(at('2025-07-13T23:00:00Z'));
  });

  it('fires a repeated local time once: the autumn repeat’s second occurrence is not another slot', () => {
    const slots: PostingSlot[] = [{ day: 'sun', time: '01:30' }];
    const firstSunday = Date.parse('2025-11-02T05:30:00Z');

    const afterFirst = nextFreeSlot(slots, 'America/New_York', window('2025-11-01T12:00:00Z'), new Set([firstSunday]));

    expect(afterFirst?.at.toISOString()).toBe(at('2025-11-09T06:30:00Z'));
  });

  it('gives a slot in the spring gap once, even beside the slot it moves onto (Sydney)', () => {
    const slots: PostingSlot[] = [
      { day: 'sun', time: '02:30' },
      { day: 'sun', time: '03:30' },
    ];
    const gapInstant = Date.parse('2025-10-04T16:30:00Z');

    const first = nextFreeSlot(slots, 'Australia/Sydney', window('2025-10-04T00:00:00Z'), new Set());
    const second = nextFreeSlot(slots, 'Australia/Sydney', window('2025-10-04T00:00:00Z'), new Set([gapInstant]));

    expect(first?.at.getTime()).toBe(gapInstant);
    expect(second?.at.toISOString()).toBe(at('2025-10-11T15:30:00Z'));
  });

  it('finds nothing without slots, or when every slot up to the latest time is taken', () => {
    expect(nextFreeSlot([], 'Europe/Dublin', window('2025-01-01T00:00:00Z'), new Set())).toBeNull();
    const slots: PostingSlot[] = [{ day: 'wed', time: '12:00' }];
    // A window of 8 days from Wednesday 1 January holds two Wednesdays; both taken.
    const taken = new Set([Date.parse('2025-01-01T12:00:00Z'), Date.parse('2025-01-08T12:00:00Z')]);

    expect(nextFreeSlot(slots, 'Europe/Dublin', window('2025-01-01T00:00:00Z', 8), taken)).toBeNull();
  });
});

describe('the accounts a queued item posts to', () => {
  const slot = { accounts: { mastodon: 'news@social.example', telegram: '-1002' } };

  it('answers the slot that a free instant is, so its accounts can be read', () => {
    const slots: PostingSlot[] = [
      { day: 'wed', time: '09:00' },
      { day: 'wed', time: '12:00', accounts: { telegram: '-1002' } },
    ];
    const taken = new Set([Date.parse('2025-01-01T09:00:00Z')]);

    const next = nextFreeSlot(slots, 'Europe/Dublin', window('2025-01-01T00:00:00Z'), taken);

    expect(next?.slot).toEqual({ day: 'wed', time: '12:00', accounts: { telegram: '-1002' } });
  });

  it('takes the account the slot names for a platform the item names none on', () => {
    expect(accountsOfQueuedItem(['mastodon', 'telegram'], undefined, slot)).toEqual({
      mastodon: ['news@social.example'],
      telegram: ['-1002'],
    });
  });

  it('keeps the accounts the item names over the slot’s', () => {
    expect(accountsOfQueuedItem(['telegram'], { telegram: ['-1001', '-1003'] }, slot)).toEqual({
      telegram: ['-1001', '-1003'],
    });
  });

  it('names nothing where neither does (the only account, or a refusal when several are connected)', () => {
    expect(accountsOfQueuedItem(['bluesky'], undefined, slot)).toEqual({});
    expect(accountsOfQueuedItem(['telegram'], { telegram: [] }, { accounts: undefined })).toEqual({});
    expect(accountsOfQueuedItem(['telegram'], undefined, null)).toEqual({});
  });

  it('answers only the item’s platforms, not every platform the slot names', () => {
    expect(accountsOfQueuedItem(['mastodon'], undefined, slot)).toEqual({ mastodon: ['news@social.example'] });
  });
});

describe('EventBridge Scheduler one-time expressions', () => {
  it('names the wall-clock time in the user’s zone when that reading is the instant’s alone', () => {
    expect(oneTimeScheduleExpression(new Date('2025-07-15T08:00:00Z'), 'Europe/Dublin')).toEqual({
      expression: 'at(2025-07-15T09:00:00)',
      timeZone: 'Europe/Dublin',
    });
    // A time moved out of the spring gap reads 03:30, which happens once.
    expect(oneTimeScheduleExpression(new Date('2025-03-09T07:30:00Z'), 'America/New_York')).toEqual({
      expression: 'at(2025-03-09T03:30:00)',
      timeZone: 'America/New_York',
    });
  });

  it('falls back to UTC for a repeated local time, so the scheduler cannot pick the other occurrence', () => {
    expect(oneTimeScheduleExpression(new Date('2025-11-02T05:30:00Z'), 'America/New_York')).toEqual({
      expression: 'at(2025-11-02T05:30:00)',
      timeZone: 'UTC',
    });
  });

  it('reads an expression back to the same instant, seconds included', () => {
    for (const [iso, zone] of [
      ['2025-07-15T08:00:07Z', 'Europe/Dublin'],
      ['2025-11-02T05:30:00Z', 'America/New_York'],
      ['2025-10-04T16:30:45Z', 'Australia/Sydney'],
    ] as const) {
      const { expression, timeZone } = oneTimeScheduleExpression(new Date(iso), zone);
      expect(instantOfAtExpression(expression, timeZone)?.toISOString()).toBe(at(iso));
    }
    expect(instantOfAtExpression('rate(5 minutes)', 'UTC')).toBeNull();
  });

  it('rounds a fraction of a second up, so a schedule never fires before its time', () => {
    expect(oneTimeScheduleExpression(new Date('2025-07-15T08:00:59.001Z'), 'Europe/Dublin').expression).toBe(
      'at(2025-07-15T09:01:00)',
    );
  });
});
