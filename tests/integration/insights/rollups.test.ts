import { afterAll, describe, expect, it } from 'vitest';
import { insightsResponseSchema } from '#shared/schemas/insights';
import type { Thread, ThreadSummary } from '#shared/schemas/thread';
import { dayInZone } from '#shared/time-zone';
import { engagementReading } from '../../helpers/engagement-readings';
import { makeThread } from '../../helpers/publishing-threads';
import { callRoute, type RouteAnswer } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// The rollups as take-reading writes them, on dynalite: each stored reading rolled into the thread,
// the user's day and the platform totals, read back through the routes a curator and an admin call.

const table = await startTestTable();
const { putThread, getThreadForUser, deleteThreadForUser } = await import('#functions/data/thread-repository');
const { savePostingQueue } = await import('#functions/data/scheduled-item-repository');
const { rollUpReading } = await import('#functions/services/insights/rollup');
const { ensureAccount } = await import('#functions/services/account/accounts');
const insightsRoute = (await import('#functions/http/insights/get-insights')).handler;
const threadsRoute = (await import('#functions/http/threads/get-threads')).handler;
const statisticsRoute = (await import('#functions/http/admin/get-admin-statistics')).handler;

afterAll(() => table.stop());

const HOUR = 3_600_000;
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

const reading = engagementReading;

async function savedThread(
  userId: string,
  first = 'A first post of sixty characters or so, about the harbour.',
): Promise<Thread> {
  const thread = makeThread(userId, [first]);
  await putThread(thread);
  return thread;
}

const insightsOf = async (userId: string, days = 7): Promise<RouteAnswer> =>
  callRoute(insightsRoute, { userId }, { query: { days: String(days) } }, { path: '/api/insights' });

const listBy = async (userId: string, query: Record<string, string>): Promise<RouteAnswer> =>
  callRoute(threadsRoute, { userId }, { query }, { path: '/api/threads', userAgent: 'rollups test' });

describe('rolling readings up', () => {
  it('keeps each platform latest figure on the thread, counting a redelivered reading once and ignoring a late older one', async () => {
    const thread = await savedThread('rolling');
    const first = reading(thread, 'mastodon', at(30), 4);
    await rollUpReading(first, at(31));
    await rollUpReading(first, at(31));
    await rollUpReading(reading(thread, 'bluesky', at(29), 6), at(31));
    await rollUpReading(reading(thread, 'mastodon', at(5), 10), at(31));
    // The 1 h reading of Mastodon delivered again after the newer one: nothing changes.
    await rollUpReading(reading(thread, 'mastodon', at(20), 7), at(31));

    expect((await getThreadForUser('rolling', thread.id))?.engagement).toBe(16);
    const answer = await insightsOf('rolling');
    expect(answer.status).toBe(200);
    const body = insightsResponseSchema.parse(answer.body);
    // Gains: 4 then 6 then the 6 Mastodon gained since its first reading.
    expect(body.totals).toEqual({ threads: 1, engagement: 16 });
    expect(body.daily).toHaveLength(7);
    expect(body.topThreads).toEqual([
      expect.objectContaining({ threadId: thread.id, engagement: 16, publishedAt: at(31) }),
    ]);
    expect(body.comparisons.byPlatform.map(({ key, threads }) => [key, threads]).sort()).toEqual([
      ['bluesky', 1],
      ['mastodon', 1],
    ]);
  });

  it('two platforms rolled up at once both count', async () => {
    const thread = await savedThread('concurrent');
    await Promise.all([
      rollUpReading(reading(thread, 'mastodon', at(3), 5), at(4)),
      rollUpReading(reading(thread, 'bluesky', at(3), 7), at(4)),
      rollUpReading(reading(thread, 'reddit', at(3), 9), at(4)),
    ]);
    expect((await getThreadForUser('concurrent', thread.id))?.engagement).toBe(21);
    expect(insightsResponseSchema.parse((await insightsOf('concurrent')).body).totals.engagement).toBe(21);
  });

  it("counts days and hours in the posting queue's zone, and never another user's threads", async () => {
    await savePostingQueue('zoned', { timeZone: 'Pacific/Kiritimati', slots: [] }, new Date().toISOString());
    const thread = await savedThread('zoned');
    await rollUpReading(reading(thread, 'mastodon', at(1), 3), at(2));
    const other = await savedThread('someone-else');
    await rollUpReading(reading(other, 'mastodon', at(1), 500), at(2));

    const body = insightsResponseSchema.parse((await insightsOf('zoned', 30)).body);
    expect(body.timeZone).toBe('Pacific/Kiritimati');
    expect(body.daily).toHaveLength(30);
    expect(body.daily.find((day) => day.date === dayInZone(at(1), 'Pacific/Kiritimati'))?.engagement).toBe(3);
    expect(body.totals).toEqual({ threads: 1, engagement: 3 });
    expect(body.topThreads.map((top) => top.threadId)).toEqual([thread.id]);
  });

  it('answers an empty period with every day at zero, and refuses a period it does not offer', async () => {
    const body = insightsResponseSchema.parse((await insightsOf('nobody', 90)).body);
    expect(body.daily).toHaveLength(90);
    expect(body.daily.every((day) => day.engagement === 0)).toBe(true);
    expect(body.topThreads).toEqual([]);
    const refused = await insightsOf('nobody', 14);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBeTruthy();
  });
});

describe('My Threads sorted by engagement', () => {
  it('pages through the read threads most first (or least first), then the threads never read, newest first', async () => {
    const userId = 'sorter';
    const threads: Thread[] = [];
    for (let index = 0; index < 20; index += 1) threads.push(await savedThread(userId));
    // 17 read threads with engagement 1..17 (shuffled), 3 never read.
    const order = [5, 12, 1, 17, 9, 3, 14, 7, 11, 2, 16, 4, 8, 13, 6, 10, 15];
    await Promise.all(
      order.map((engagement, index) =>
        rollUpReading(reading(threads[index] as Thread, 'mastodon', at(2), engagement), at(3)),
      ),
    );
    const unread = threads
      .slice(17)
      .map((thread) => thread.id)
      .reverse();

    for (const [sortOrder, expected] of [
      ['desc', [...order].sort((a, b) => b - a)],
      ['asc', [...order].sort((a, b) => a - b)],
    ] as const) {
      const first = await listBy(userId, { sort: 'engagement', order: sortOrder });
      expect(first.status).toBe(200);
      expect(first.body.threads).toHaveLength(15);
      expect(first.body.threads.map((thread: ThreadSummary) => thread.engagement)).toEqual(expected.slice(0, 15));
      const second = await listBy(userId, { sort: 'engagement', order: sortOrder, cursor: first.body.nextCursor });
      expect(second.body.threads.map((thread: ThreadSummary) => thread.engagement ?? null)).toEqual([
        ...expected.slice(15),
        null,
        null,
        null,
      ]);
      expect(second.body.threads.slice(2).map((thread: ThreadSummary) => thread.id)).toEqual(unread);
      // Both listings (read and never read) answer cards: the count and the preview, not the posts.
      for (const card of [...first.body.threads, ...second.body.threads]) {
        expect(card).toMatchObject({
          postCount: 2,
          preview: 'A first post of sixty characters or so, about the harbour.',
        });
        expect(card).not.toHaveProperty('posts');
      }
    }
  });

  it("refuses another user's cursor", async () => {
    const first = await listBy('sorter', { sort: 'engagement' });
    const stolen = await listBy('thief', { sort: 'engagement', cursor: first.body.nextCursor });
    expect(stolen.status).toBe(400);
  });
});

describe('admin totals', () => {
  it('carry the engagement across users and the threads with readings, and lose a deleted thread', async () => {
    const asAdmin = () =>
      callRoute(statisticsRoute, { userId: 'boss', email: 'admin@example.com' }, {}, { path: '/api/admin/statistics' });
    // admin@example.com is an admin by configuration once its account exists.
    await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date());
    const before = (await asAdmin()).body.engagement;
    const thread = await savedThread('counted');
    await rollUpReading(reading(thread, 'mastodon', at(2), 40), at(3));
    await rollUpReading(reading(thread, 'mastodon', at(2), 40), at(3));
    await rollUpReading(reading(thread, 'mastodon', at(1), 45), at(3));
    const after = (await asAdmin()).body.engagement;
    expect(after).toEqual({ total: before.total + 45, threadsWithReadings: before.threadsWithReadings + 1 });
    await deleteThreadForUser('counted', thread.id);
    expect((await asAdmin()).body.engagement).toEqual(before);
  });
});
