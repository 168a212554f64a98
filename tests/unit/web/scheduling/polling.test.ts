import { describe, expect, it } from 'vitest';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import { isBusy, leftUpcoming } from '#web/features/scheduling/api/get-scheduled-items';

const now = Date.parse('2026-07-01T12:00:00.000Z');

function item(at: string, overrides: Partial<ScheduledItem> = {}): ScheduledItem {
  return {
    itemId: 'item-1',
    threadId: 'thread-1',
    threadTitle: 'A thread',
    platforms: ['telegram'],
    at,
    timeZone: 'UTC',
    source: 'time',
    status: 'scheduled',
    firedAt: null,
    outcomes: [],
    ...overrides,
  };
}

describe('when /scheduled looks again soon', () => {
  it('while an item is due within two minutes (or overdue), or a fired one is still posting', () => {
    expect(isBusy([item('2026-07-01T12:01:30.000Z')], now)).toBe(true);
    expect(isBusy([item('2026-07-01T11:59:00.000Z')], now)).toBe(true);
    const posting = item('2026-07-01T11:00:00.000Z', {
      status: 'fired',
      outcomes: [{ platform: 'telegram', accountId: null, status: 'posting', error: null, postUrl: null }],
    });
    expect(isBusy([posting], now)).toBe(true);
  });

  it('not for items further away, finished runs or cancelled items', () => {
    expect(isBusy([], now)).toBe(false);
    expect(isBusy([item('2026-07-01T12:05:00.000Z')], now)).toBe(false);
    const done = item('2026-07-01T11:00:00.000Z', {
      status: 'fired',
      outcomes: [
        { platform: 'telegram', accountId: null, status: 'completed', error: null, postUrl: 'https://t.me/a/1' },
      ],
    });
    expect(isBusy([done, item('2026-07-01T11:59:00.000Z', { status: 'cancelled' })], now)).toBe(false);
  });
});

describe('when /scheduled reads its past list again at once', () => {
  it('when an item listed as upcoming is no longer listed (it fired, or ended)', () => {
    const first = item('2026-07-01T12:01:00.000Z');
    const second = item('2026-07-01T13:00:00.000Z', { itemId: 'item-2' });
    expect(leftUpcoming([first, second], [second])).toBe(true);
    expect(leftUpcoming([first], [])).toBe(true);
  });

  it('not when every item is still listed, however many were added or moved', () => {
    const first = item('2026-07-01T12:01:00.000Z');
    const moved = { ...first, at: '2026-07-01T14:00:00.000Z' };
    const added = item('2026-07-01T13:00:00.000Z', { itemId: 'item-2' });
    expect(leftUpcoming([first], [moved, added])).toBe(false);
    expect(leftUpcoming([], [added])).toBe(false);
  });
});
