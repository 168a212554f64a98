import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsResponseSchema } from '#shared/schemas/insights';
import type { Thread } from '#shared/schemas/thread';
import { engagementReading } from '../../helpers/engagement-readings';
import { makeThread } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// The rollups' exactly-once promises on dynalite: readings of one thread and platform racing each
// other count each gain once, and a reading whose rollup crashed after the thread write (before the
// day and the totals took its change) is finished once by its redelivery, whichever step it crashed at.

const table = await startTestTable();
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { addEngagementGainOnce } = await import('#functions/data/engagement-rollup-repository');
const { addEngagementToTotalsOnce } = await import('#functions/data/stats-repository');
const { rollUpReading, writeRollup } = await import('#functions/services/insights/rollup');
const { ensureAccount } = await import('#functions/services/account/accounts');
const insightsRoute = (await import('#functions/http/insights/get-insights')).handler;
const statisticsRoute = (await import('#functions/http/admin/get-admin-statistics')).handler;

afterAll(() => table.stop());
// admin@example.com is an admin by configuration once its account exists.
beforeAll(() => ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date()));

const HOUR = 3_600_000;
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

const reading = engagementReading;

async function savedThread(userId: string): Promise<Thread> {
  const thread = makeThread(userId, ['A first post about the harbour, long enough to be a hook.']);
  await putThread(thread);
  return thread;
}

/** What /insights shows the user: the engagement gained over the last 7 days. */
async function gainedThisWeek(userId: string): Promise<number> {
  const answer = await callRoute(insightsRoute, { userId }, { query: { days: '7' } }, { path: '/api/insights' });
  expect(answer.status).toBe(200);
  return insightsResponseSchema.parse(answer.body).totals.engagement;
}

/** What the admin dashboard shows across users. */
async function adminEngagement(): Promise<{ total: number; threadsWithReadings: number }> {
  const answer = await callRoute(
    statisticsRoute,
    { userId: 'boss', email: 'admin@example.com' },
    {},
    { path: '/api/admin/statistics' },
  );
  expect(answer.status).toBe(200);
  return answer.body.engagement;
}

describe('readings of one thread and platform at the same moment', () => {
  it('count each gain once: the day, the thread and the admin totals all end at the latest figure', async () => {
    const before = await adminEngagement();
    const users = Array.from({ length: 6 }, (_, index) => `racer-${index}`);
    const threads = await Promise.all(users.map((userId) => savedThread(userId)));

    // Per thread: the 1 h reading (10), the 24 h one (25) and the 1 h one delivered again, all at once.
    await Promise.all(
      threads.flatMap((thread) => [
        rollUpReading(reading(thread, 'mastodon', at(3), 10), at(4)),
        rollUpReading(reading(thread, 'mastodon', at(2), 25), at(4)),
        rollUpReading(reading(thread, 'mastodon', at(3), 10), at(4)),
      ]),
    );

    for (const thread of threads) {
      expect((await getThreadForUser(thread.userId, thread.id))?.engagement).toBe(25);
      expect(await gainedThisWeek(thread.userId)).toBe(25);
    }
    expect(await adminEngagement()).toEqual({
      total: before.total + 25 * threads.length,
      threadsWithReadings: before.threadsWithReadings + threads.length,
    });
  });
});

describe('a rollup that crashed after its thread write', () => {
  it('is finished once by the redelivery: nothing was counted at the crash, the redelivery counts it, another counts nothing', async () => {
    const before = await adminEngagement();
    const thread = await savedThread('crashed-early');
    const record = reading(thread, 'mastodon', at(2), 30);

    await writeRollup(record, at(3), 'UTC');
    expect(await gainedThisWeek('crashed-early')).toBe(0);
    expect(await adminEngagement()).toEqual(before);

    await rollUpReading(record, at(3));
    await rollUpReading(record, at(3));
    expect(await gainedThisWeek('crashed-early')).toBe(30);
    expect(await adminEngagement()).toEqual({
      total: before.total + 30,
      threadsWithReadings: before.threadsWithReadings + 1,
    });
  });

  it('adds only the missing part when the crash came between the day and the totals, or after both', async () => {
    const before = await adminEngagement();
    const dayOnly = await savedThread('crashed-after-day');
    const both = await savedThread('crashed-after-both');
    const first = reading(dayOnly, 'bluesky', at(2), 12);
    const second = reading(both, 'bluesky', at(2), 8);

    const afterDay = await writeRollup(first, at(3), 'UTC');
    const { date, readingId, gain } = afterDay?.pending ?? { date: '', readingId: '', gain: 0 };
    await addEngagementGainOnce('crashed-after-day', date, readingId, gain);
    const afterBoth = await writeRollup(second, at(3), 'UTC');
    if (!afterBoth) throw new Error('the rollup wrote nothing');
    await addEngagementGainOnce('crashed-after-both', afterBoth.pending.date, afterBoth.pending.readingId, 8);
    await addEngagementToTotalsOnce(both.id, afterBoth.pending.version, afterBoth.pending);

    await Promise.all([rollUpReading(first, at(3)), rollUpReading(second, at(3))]);
    expect(await gainedThisWeek('crashed-after-day')).toBe(12);
    expect(await gainedThisWeek('crashed-after-both')).toBe(8);
    expect(await adminEngagement()).toEqual({
      total: before.total + 20,
      threadsWithReadings: before.threadsWithReadings + 2,
    });
  });

  it('is finished by the next reading of the thread when that comes first', async () => {
    const before = await adminEngagement();
    const thread = await savedThread('crashed-then-newer');
    await writeRollup(reading(thread, 'reddit', at(5), 4), at(6), 'UTC');

    await rollUpReading(reading(thread, 'reddit', at(1), 9), at(6));
    await rollUpReading(reading(thread, 'reddit', at(5), 4), at(6));
    expect(await gainedThisWeek('crashed-then-newer')).toBe(9);
    expect((await getThreadForUser('crashed-then-newer', thread.id))?.engagement).toBe(9);
    expect(await adminEngagement()).toEqual({
      total: before.total + 9,
      threadsWithReadings: before.threadsWithReadings + 1,
    });
  });
});
