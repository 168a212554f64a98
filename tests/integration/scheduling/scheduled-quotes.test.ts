import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { authorStatus, IMPOSTOR, MASTODON_BODY, mastodonCuratorWithThread } from '../../helpers/mastodon-author';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ATTRIBUTION, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// A scheduled item and a queue slot carry the author's post chosen on the share step; the fire checks
// it again as a publish does. Items are scheduled through the route and fired as their schedule would.
const mastodon = await startMastodonServer();
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-scheduled-quotes-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, { ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance, ...scheduler.handlerEnv });
const pipeline = await startPublishingPipeline();
const { handler: scheduleRoute } = await import('#functions/http/scheduling/post-schedule');
const { savePostingQueue, listUpcomingItemsOfThread } = await import('#functions/data/scheduled-item-repository');
const { fireScheduledItem } = await import('#functions/services/scheduling/fire-item');

afterAll(async () => {
  await scheduler.stop();
  await pipeline.stop();
  await mastodon.close();
  rmSync(schedulerDir, { recursive: true, force: true });
});

const CREDIT = expect.stringContaining(ATTRIBUTION);
const inAnHour = () => new Date(Math.ceil(Date.now() / 1000 + 3600) * 1000).toISOString();

/** POST /api/threads/{threadId}/schedule as the curator. */
const schedule = (userId: string, threadId: string, body: Record<string, unknown>) =>
  callRoute(scheduleRoute, { userId }, { params: { threadId }, body: { platforms: ['mastodon'], ...body } });

/** Fires the item one second after its time, as its schedule would, and waits for the Mastodon run to end. */
async function fire(userId: string, threadId: string, item: { itemId: string; at: string }) {
  const fired = await fireScheduledItem(userId, item.itemId, item.at, new Date(Date.parse(item.at) + 1000));
  expect(fired?.status).toBe('fired');
  return settle(userId, threadId, 'mastodon');
}

/** The statuses made since `start`: each one's text and the status it quotes. */
const madeSince = (start: number) =>
  mastodon.statuses.slice(start).map((status) => [status.text, status.quotedStatusId ?? null]);

describe("scheduled items quoting the author's own post", () => {
  it('fires a thread scheduled for a time with the quote chosen, the credit keeping its link and attribution', async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const statusId = authorStatus(mastodon);

    const created = await schedule(userId, thread.id, { at: inAnHour(), quotes: { mastodon: statusId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const start = mastodon.statuses.length;
    const row = await fire(userId, thread.id, created.body);

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    expect(madeSince(start)).toEqual([
      [expect.stringContaining(MASTODON_BODY), null],
      [CREDIT, statusId],
    ]);
  });

  it('credits plainly, saying why, when the quoted post was deleted before the queue slot came', async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    await savePostingQueue(
      userId,
      { timeZone: 'UTC', slots: [{ day: 'mon', time: '09:00' }] },
      new Date().toISOString(),
    );
    const statusId = authorStatus(mastodon);

    const created = await schedule(userId, thread.id, { queue: true, quotes: { mastodon: statusId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.source).toBe('queue');
    mastodon.deleteStatus(statusId);
    const start = mastodon.statuses.length;
    const row = await fire(userId, thread.id, created.body);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(madeSince(start).at(-1)).toEqual([CREDIT, null]);
  });

  it("never quotes a post named at scheduling that is not the author's", async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);
    const impostorStatus = authorStatus(mastodon, { account: IMPOSTOR });

    const created = await schedule(userId, thread.id, { at: inAnHour(), quotes: { mastodon: impostorStatus } });
    const start = mastodon.statuses.length;
    const row = await fire(userId, thread.id, created.body);

    expect(row.status).toBe('completed');
    expect(row.quoteNote).toMatch(/could not be found again/);
    expect(madeSince(start).map(([, quoted]) => quoted)).toEqual([null, null]);
  });

  it('refuses a quote on a platform that cannot quote with a 400, and schedules nothing', async () => {
    const { userId, thread } = await mastodonCuratorWithThread(mastodon);

    const refused = await schedule(userId, thread.id, { at: inAnHour(), quotes: { telegram: '12345' } });

    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual(expect.any(String));
    expect(await listUpcomingItemsOfThread(userId, thread.id)).toEqual([]);
  });
});
