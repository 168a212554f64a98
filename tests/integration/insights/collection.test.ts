import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_EVENT_SOURCE, eventRules, readingTarget, schedulerTarget } from '#functions/manifest';
import { startLocalEventBus } from '#local/event-bus';
import { invokeHandler } from '#local/lambda-runtime';
import { startLocalScheduler } from '#local/scheduler';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { connectMastodon } from '../../helpers/oauth-consent';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// The collection path as `npm start` runs it: the real publishing worker puts ThreadPublished on the
// local bus, whose rule's target plans the readings in the local scheduler; the test then drives the
// reading target with each schedule's input, as the scheduler would at its time.
const mastodon = await startMastodonServer();
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-readings-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget, readingTarget] });
const bus = await startLocalEventBus({ rules: eventRules, source: APP_EVENT_SOURCE });
Object.assign(process.env, {
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
  ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance,
  ...scheduler.handlerEnv,
  ...bus.handlerEnv,
});
bus.begin();
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { getConnection } = await import('#functions/data/connection-repository');
const { listEngagementReadingsOfThread } = await import('#functions/data/engagement-reading-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { getThreadPerformance, refreshThreadPerformance } = await import(
  '#functions/services/insights/thread-performance'
);
const { handler: performanceRoute } = await import('#functions/http/insights/get-thread-performance');

afterAll(async () => {
  await bus.stop();
  await scheduler.stop();
  await pipeline.stop();
  await mastodon.close();
  rmSync(schedulerDir, { recursive: true, force: true });
});

/** A user connected to the Telegram stand-in and, through the OAuth routes, to the Mastodon one. */
async function connectedUser(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  await connectMastodon(userId, mastodon.instance);
  expect((await getConnection(userId, 'mastodon'))?.isConnected).toBe(true);
  return userId;
}

// About 450 characters: two never share a 500-character status, so two body posts and the attribution make 3.
const longPost = (n: number) => `${n}/ ${`Part ${n}: the harbour, its boats and the auction hall. `.repeat(8).trim()}`;

/** Publishes a three-post thread to both stand-ins and waits for the rule to plan its readings. */
async function publishedThread(userId: string) {
  const thread = makeThread(userId, [1, 2].map(longPost));
  await putThread(thread);
  const statusesBefore = mastodon.statuses.length;
  await requestPublish(userId, thread.id, { platforms: ['telegram', 'mastodon'], origin: 'create' }, new Date());
  expect((await settle(userId, thread.id, 'telegram')).status).toBe('completed');
  const mastodonRow = await settle(userId, thread.id, 'mastodon');
  expect(mastodonRow.status).toBe('completed');
  // A run is marked completed before its ThreadPublished is sent: wait for both platforms' three
  // readings to be planned, not only for the events already on the bus.
  await vi.waitFor(
    async () => {
      await bus.settled();
      expect(schedulesOf(thread.id)).toHaveLength(6);
    },
    { timeout: 15_000, interval: 100 },
  );
  return { thread, completedAt: mastodonRow.completedAt!, statuses: mastodon.statuses.slice(statusesBefore) };
}

const schedulesOf = (threadId: string) =>
  scheduler.list().filter((schedule) => JSON.parse(schedule.target.input).threadId === threadId);

/** Delivers a reading's schedule input to the reading target, as the scheduler does at its time. */
function deliver(threadId: string, platform: string, kind: string) {
  const schedule = schedulesOf(threadId).find((entry) => {
    const input = JSON.parse(entry.target.input);
    return input.platform === platform && input.kind === kind;
  });
  if (!schedule) throw new Error(`no ${platform} ${kind} reading scheduled`);
  return invokeHandler(readingTarget.handler, JSON.parse(schedule.target.input), readingTarget.timeoutSeconds);
}

describe('engagement readings after a publish', () => {
  it('plans 1 h, 24 h and 7 d readings per platform from ThreadPublished, and stores each reading once', async () => {
    const userId = await connectedUser();
    const { thread, completedAt, statuses } = await publishedThread(userId);

    // Three one-time schedules per platform, at their delays after that platform's run completed.
    const planned = schedulesOf(thread.id);
    expect(planned).toHaveLength(6);
    const mastodonPlan = planned.filter((schedule) => JSON.parse(schedule.target.input).platform === 'mastodon');
    expect(mastodonPlan.map((schedule) => schedule.dueAt - Date.parse(completedAt)).sort((a, b) => a - b)).toEqual(
      [3600, 86_400, 604_800].map((seconds) => expect.closeTo(seconds * 1000, -4)),
    );

    statuses.forEach((status, index) => {
      mastodon.setFigures(status.id, { favourites: 10 - index * 3, reblogs: 2, replies: 1 });
    });
    expect(await deliver(thread.id, 'mastodon', '1h')).toEqual({ outcome: 'stored' });
    expect(await deliver(thread.id, 'telegram', '1h')).toEqual({ outcome: 'skipped' });

    // A redelivery of the same reading writes nothing, even when the figures have moved since.
    mastodon.setFigures(statuses[0]!.id, { favourites: 99, reblogs: 2, replies: 1 });
    expect(await deliver(thread.id, 'mastodon', '1h')).toEqual({ outcome: 'already_stored' });
    const readings = await listEngagementReadingsOfThread(userId, thread.id);
    expect(readings.map((reading) => `${reading.platform}/${reading.kind}`)).toEqual(['mastodon/1h']);
    expect(readings[0]!.posts.map((post) => post.metrics)).toEqual(
      statuses.map((_, index) => ({ likes: 10 - index * 3, reposts: 2, replies: 1 })),
    );

    const performance = await getThreadPerformance(userId, thread.id, new Date());
    const row = (platform: string) => performance.platforms.find((entry) => entry.platform === platform)!;
    expect(row('telegram')).toMatchObject({
      reporting: 'not_reported',
      note: 'Telegram does not report engagement',
      latest: null,
      creditReach: null,
    });
    expect(row('mastodon')).toMatchObject({ reporting: 'reported', note: null });
    expect(row('mastodon').readings.map((reading) => reading.kind)).toEqual(['1h']);
    // 10 + 7 + 4 likes, and 2 reposts and 1 reply on each of the three posts.
    expect(row('mastodon').latest?.engagement).toBe(21 + 9);
    expect(row('mastodon').creditReach).toEqual({
      share: 7 / 13,
      attributionEngagement: 7,
      firstPostEngagement: 13,
      sourceClicks: null,
    });
    expect(performance.totalEngagement).toBe(30);
  });

  it('waits out a rate limit through the scheduler’s retry, and stores a deleted post as deleted', async () => {
    const userId = await connectedUser();
    const { thread, statuses } = await publishedThread(userId);

    mastodon.rateLimitReads(1);
    await expect(deliver(thread.id, 'mastodon', '24h')).rejects.toThrow(/rate-limited/);
    expect(await listEngagementReadingsOfThread(userId, thread.id)).toEqual([]);
    expect(await deliver(thread.id, 'mastodon', '24h')).toEqual({ outcome: 'stored' });

    mastodon.deleteStatus(statuses[1]!.id);
    expect(await deliver(thread.id, 'mastodon', '7d')).toEqual({ outcome: 'stored' });
    const sevenDays = (await listEngagementReadingsOfThread(userId, thread.id)).find((r) => r.kind === '7d')!;
    expect(sevenDays.posts.map((post) => post.deleted)).toEqual([false, true, false]);
    expect(sevenDays.posts[1]!.metrics).toEqual({});
  });

  it('marks a revoked Mastodon connection on a read and leaves the run alone; Refresh now once per 10 minutes', async () => {
    const userId = await connectedUser();
    const { thread } = await publishedThread(userId);
    mastodon.revokeTokens();

    const refreshed = await refreshThreadPerformance(userId, thread.id, new Date());
    const row = refreshed.platforms.find((entry) => entry.platform === 'mastodon')!;
    expect(row.reporting).toBe('needs_reconnect');
    expect(row.latest).toBeNull();
    expect((await getConnection(userId, 'mastodon'))?.connectionData.needsReconnect).toBe(true);
    expect(refreshed.refreshAllowedAt).not.toBeNull();
    await expect(refreshThreadPerformance(userId, thread.id, new Date())).rejects.toMatchObject({
      status: 429,
      code: 'refresh_too_soon',
    });
    // The published run is untouched by the failed read.
    const status = await settle(userId, thread.id, 'mastodon');
    expect(status.status).toBe('completed');
  });

  it('answers 404 for another user’s thread, reading nothing', async () => {
    const owner = await connectedUser();
    const { thread } = await publishedThread(owner);
    const reads = mastodon.statusReads();

    const answer = await callRoute(
      performanceRoute,
      { userId: `user-${randomUUID()}` },
      { params: { threadId: thread.id } },
    );

    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('thread_not_found');
    expect(mastodon.statusReads()).toBe(reads);
  });
});
