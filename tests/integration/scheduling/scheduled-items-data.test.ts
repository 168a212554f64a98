import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScheduledItemRecord } from '#functions/data/scheduled-item-repository';
import { upcomingItem } from '../../helpers/scheduled-items';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const repository = await import('#functions/data/scheduled-item-repository');
afterAll(() => table.stop());

const THREAD = { id: 'thread-1', title: 'The harbour at dawn' };
const item = (userId: string, at: string, overrides: Partial<ScheduledItemRecord> = {}) =>
  upcomingItem(userId, THREAD, at, overrides);

describe(`scheduled items on ${table.backend}`, () => {
  it('lists upcoming items soonest first, per user and per thread, and moves them when rescheduled', async () => {
    const userId = `user-${randomUUID()}`;
    const late = item(userId, '2026-03-02T09:00:00.000Z');
    const soon = item(userId, '2026-03-01T09:00:00.000Z', { threadId: 'thread-2' });
    await repository.createScheduledItem(late);
    await repository.createScheduledItem(soon);

    expect((await repository.listUpcomingScheduledItems(userId)).map((i) => i.itemId)).toEqual([
      soon.itemId,
      late.itemId,
    ]);
    const moved = await repository.moveScheduledItem(
      late,
      '2026-02-28T09:00:00.000Z',
      'UTC',
      '2026-01-02T00:00:00.000Z',
    );
    expect(moved).toMatchObject({ at: '2026-02-28T09:00:00.000Z', timeZone: 'UTC' });
    expect((await repository.listUpcomingScheduledItems(userId)).map((i) => i.itemId)).toEqual([
      late.itemId,
      soon.itemId,
    ]);
    expect((await repository.listUpcomingItemsOfThread(userId, 'thread-1')).map((i) => i.at)).toEqual([
      '2026-02-28T09:00:00.000Z',
    ]);
  });

  it('lets one of two concurrent fires claim an item, and only at the time it was scheduled for', async () => {
    const userId = `user-${randomUUID()}`;
    const record = item(userId, '2026-03-01T09:00:00.000Z');
    await repository.createScheduledItem(record);
    const now = Date.parse('2026-03-01T09:00:01.000Z');

    const stale = await repository.claimScheduledItemForFiring(
      userId,
      record.itemId,
      '2026-02-01T09:00:00.000Z',
      now,
      60_000,
    );
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        repository.claimScheduledItemForFiring(userId, record.itemId, record.at, now, 60_000),
      ),
    );

    expect(stale).toBeNull();
    const won = claims.filter((claim) => claim !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ status: 'firing', firedAt: '2026-03-01T09:00:01.000Z' });
    expect(await repository.listUpcomingScheduledItems(userId)).toEqual([]);
    expect(await repository.listUpcomingItemsOfThread(userId, 'thread-1')).toEqual([]);
    expect((await repository.listPastScheduledItems(userId, '2026-02-01T00:00:00.000Z')).map((i) => i.itemId)).toEqual([
      record.itemId,
    ]);
    // A fire that stopped midway is taken over once its lease has run out, keeping the first fire time.
    expect(await repository.claimScheduledItemForFiring(userId, record.itemId, null, now + 30_000, 60_000)).toBeNull();
    const takeover = await repository.claimScheduledItemForFiring(userId, record.itemId, null, now + 61_000, 60_000);
    expect(takeover).toMatchObject({ status: 'firing', firedAt: '2026-03-01T09:00:01.000Z' });
    await repository.finishFiring(userId, record.itemId, '2026-03-01T09:00:02.000Z');
    expect(await repository.claimScheduledItemForFiring(userId, record.itemId, null, now + 200_000, 60_000)).toBeNull();
    expect(await repository.cancelScheduledItem(userId, record.itemId, '2026-03-01T09:01:00.000Z')).toBeNull();
  });

  it('counts at most the limit of upcoming items, each once, and frees a place when one ends', async () => {
    const userId = `user-${randomUUID()}`;
    const ids = ['a', 'b', 'c'];

    const reserved = await Promise.all(ids.map((id) => repository.reserveUpcomingPlace(userId, id, 2)));

    expect(reserved.filter(Boolean)).toHaveLength(2);
    const [kept] = ids.filter((_, index) => reserved[index]);
    expect(await repository.reserveUpcomingPlace(userId, kept!, 2)).toBe(true);
    await repository.releaseUpcomingPlace(userId, kept!);
    await repository.releaseUpcomingPlace(userId, kept!);
    expect(await repository.reserveUpcomingPlace(userId, 'd', 2)).toBe(true);
    expect(await repository.reserveUpcomingPlace(userId, 'e', 2)).toBe(false);
  });

  it('keeps the posting queue beside the upcoming count', async () => {
    const userId = `user-${randomUUID()}`;
    expect(await repository.getPostingQueue(userId)).toBeNull();
    await repository.reserveUpcomingPlace(userId, 'x', 500);

    await repository.savePostingQueue(
      userId,
      { timeZone: 'Australia/Sydney', slots: [{ day: 'mon', time: '09:00' }] },
      '2026-01-01T00:00:00.000Z',
    );

    expect(await repository.getPostingQueue(userId)).toEqual({
      timeZone: 'Australia/Sydney',
      slots: [{ day: 'mon', time: '09:00' }],
    });
    expect(await repository.reserveUpcomingPlace(userId, 'y', 2)).toBe(true);
    expect(await repository.reserveUpcomingPlace(userId, 'z', 2)).toBe(false);
  });

  it('gives a queue slot to one of several claims at once, again to its holder (a retry), and to another once released', async () => {
    const userId = `user-${randomUUID()}`;
    const at = '2026-03-02T09:00:00.000Z';
    const ids = Array.from({ length: 5 }, () => randomUUID());

    const won = await Promise.all(ids.map((id) => repository.claimQueueSlot(userId, at, id, at)));

    expect(won.filter(Boolean)).toHaveLength(1);
    const holder = ids[won.indexOf(true)]!;
    const other = ids.find((id) => id !== holder)!;
    expect(await repository.getQueueSlotClaim(userId, at)).toEqual({ itemId: holder, claimedAt: at });
    expect(await repository.claimQueueSlot(userId, at, holder, at)).toBe(true);
    await repository.releaseQueueSlot(userId, at, other);
    expect((await repository.getQueueSlotClaim(userId, at))?.itemId).toBe(holder);
    expect(await repository.claimQueueSlot(userId, at, other, at, 'someone-else')).toBe(false);
    expect(await repository.claimQueueSlot(userId, at, other, at, holder)).toBe(true);
    await repository.releaseQueueSlot(userId, at, other);
    expect(await repository.getQueueSlotClaim(userId, at)).toBeNull();
  });

  it('records a failed platform on an upcoming item once, and ends the item only when every platform has failed', async () => {
    const userId = `user-${randomUUID()}`;
    const upcoming = item(userId, '2026-03-01T09:00:00.000Z', { platforms: ['telegram', 'bluesky'] });
    await repository.createScheduledItem(upcoming);
    const failure = (platform: 'telegram' | 'bluesky') =>
      ({
        platform,
        accountId: null,
        runId: null,
        status: 'failed',
        error: 'Reconnect to publish',
        postUrl: null,
      }) as const;

    const first = await repository.recordUpcomingOutcome(userId, upcoming.itemId, failure('bluesky'), 'now');
    const again = await repository.recordUpcomingOutcome(userId, upcoming.itemId, failure('bluesky'), 'now');
    const tooSoon = await repository.endUpcomingItemWithOutcomes(first!, '2026-01-02T00:00:00.000Z');

    expect(first).toMatchObject({ status: 'scheduled', outcomes: { bluesky: failure('bluesky') } });
    expect(again).toBeNull();
    expect(tooSoon).toBeNull();
    const both = await repository.recordUpcomingOutcome(userId, upcoming.itemId, failure('telegram'), 'now');
    const ended = await repository.endUpcomingItemWithOutcomes(both!, '2026-01-02T00:00:00.000Z');
    expect(ended).toMatchObject({ status: 'fired', firedAt: '2026-01-02T00:00:00.000Z' });
    expect(await repository.endUpcomingItemWithOutcomes(both!, '2026-01-02T00:00:00.000Z')).toBeNull();
    expect(await repository.listUpcomingScheduledItems(userId)).toEqual([]);
    expect((await repository.listPastScheduledItems(userId, '2026-01-01')).map((i) => i.itemId)).toEqual([
      upcoming.itemId,
    ]);
    expect(await repository.listUpcomingItemsOfThread(userId, THREAD.id)).toEqual([]);
  });
});
