import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_EVENT_SOURCE, eventRules, plugTarget, readingTarget, schedulerTarget } from '#functions/manifest';
import { startLocalEventBus } from '#local/event-bus';
import { invokeHandler } from '#local/lambda-runtime';
import { startLocalScheduler } from '#local/scheduler';
import type { PlugChoice } from '#shared/publishing/plug';
import type { Platform } from '#shared/schemas/thread';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { startMastodonServer } from '../../fakes/mastodon-server';
import { connectMastodon } from '../../helpers/oauth-consent';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// The plug as `npm start` runs it: the real publishing worker puts ThreadPublished on the local bus,
// whose arm-plug rule stores the plug and schedules its first check in the local scheduler; the test
// delivers each check's schedule input to the plug target, as the scheduler would at its time, or
// calls the check with a later clock where a claim must have run out.
const mastodon = await startMastodonServer();
const bluesky = await startBlueskyServer();
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-plug-'));
const scheduler = await startLocalScheduler({
  dir: schedulerDir,
  targets: [schedulerTarget, readingTarget, plugTarget],
});
const bus = await startLocalEventBus({ rules: eventRules, source: APP_EVENT_SOURCE });
Object.assign(process.env, {
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
  BLUESKY_SERVICE_URL: bluesky.url,
  BLUESKY_APPVIEW_URL: bluesky.url,
  ALLOW_PRIVATE_FETCH_HOSTS: `${mastodon.instance},${bluesky.host}`,
  ...scheduler.handlerEnv,
  ...bus.handlerEnv,
});
bus.begin();
const pipeline = await startPublishingPipeline();
const { putThread } = await import('#functions/data/thread-repository');
const { getPublishRun } = await import('#functions/data/publish-run-repository');
const { claimPlug, getPlug } = await import('#functions/data/plug-repository');
const { loadLiveConnection } = await import('#functions/services/connections/connections');
const { adapterFor } = await import('#functions/services/platforms/adapters');
const { checkPlug, plugReplyPost, PLUG_CLAIM_MS } = await import('#functions/services/insights/plug');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');
const { readAndStore } = await import('#functions/services/insights/take-reading');
const { deletePlugChecksOfAccount } = await import('#functions/services/insights/plug-cancellation');
const { listThreadInsightsSince } = await import('#functions/data/engagement-rollup-repository');
const { handler: connectBluesky } = await import('#functions/http/connections/post-bluesky-connection');
const { handler: publishRoute } = await import('#functions/http/publishing/post-publish');
const { handler: statusRoute } = await import('#functions/http/publishing/get-publish-status');
const { handler: deleteThreadRoute } = await import('#functions/http/threads/delete-thread');
const { handler: disconnectRoute } = await import('#functions/http/connections/delete-connection');
const { handler: plugDefaultRoute } = await import('#functions/http/account/put-plug-default');
const { handler: scheduleRoute } = await import('#functions/http/scheduling/post-schedule');
const { getThreadForUser } = await import('#functions/data/thread-repository');

afterAll(async () => {
  await bus.stop();
  await scheduler.stop();
  await pipeline.stop();
  await mastodon.close();
  await bluesky.close();
  rmSync(schedulerDir, { recursive: true, force: true });
});

const PLUG: PlugChoice = { enabled: true, threshold: 20 };
const PLUG_LINE = `The full story, by Ada Lovelace: ${ARTICLE}`;

/** A user connected to the Mastodon stand-in (OAuth routes) and the Bluesky one (app password). */
async function connectedUser(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await connectMastodon(userId, mastodon.instance);
  const bluesky_ = await callRoute(
    connectBluesky,
    { userId },
    { body: { handle: bluesky.handle, appPassword: 'abcd-efgh-ijkl-mnop' } },
    { method: 'POST', path: '/api/connections/bluesky' },
  );
  expect(bluesky_.status, JSON.stringify(bluesky_.body)).toBe(200);
  return userId;
}

/** Publishes a two-post thread by Ada Lovelace to `platform` and waits for its plug to be armed (or not). */
async function publishedThread(userId: string, platform: Platform, plug: PlugChoice | null = PLUG) {
  const thread = { ...makeThread(userId, ['The harbour at dawn.']), author: 'Ada Lovelace', language: 'en' };
  await putThread(thread);
  await requestPublish(
    userId,
    thread.id,
    { platforms: [platform], origin: 'create', ...(plug ? { plug } : {}) },
    new Date(),
  );
  expect((await settle(userId, thread.id, platform)).status).toBe('completed');
  const run = (await getPublishRun(userId, thread.id, platform))!;
  // The worker announces the run just after recording it complete: its readings are planned once the
  // event is delivered, and the bus then holds the plug's delivery until it ends.
  await expect.poll(() => scheduler.list().some((entry) => entry.name === `reading-${run.runId}-7d`)).toBe(true);
  await bus.settled();
  return {
    thread,
    run,
    payload: (check: number) => ({
      userId,
      threadId: thread.id,
      platform,
      accountId: run.accountId,
      runId: run.runId,
      check,
    }),
  };
}

const pendingChecksOf = (runId: string) =>
  scheduler
    .list()
    .filter((schedule) => schedule.name.startsWith(`plug-${runId}-`))
    .map((schedule) => schedule.name);

/** Delivers check `check` of the run's plug to the plug target, as the scheduler does at its time. */
function deliver(payload: { runId: string; check: number }) {
  const schedule = scheduler.list().find((entry) => entry.name === `plug-${payload.runId}-${payload.check}`);
  if (!schedule) throw new Error(`check ${payload.check} of ${payload.runId} is not scheduled`);
  return invokeHandler(plugTarget.handler, JSON.parse(schedule.target.input), plugTarget.timeoutSeconds);
}

/** The first post's likes and reposts as each stand-in reports them. */
function setFirstPostCount(platform: Platform, firstPostId: string, likes: number, reposts: number) {
  if (platform === 'mastodon') mastodon.setFigures(firstPostId, { favourites: likes, reblogs: reposts, replies: 0 });
  else
    bluesky.state.postCounts.set(firstPostId, { likeCount: likes, repostCount: reposts, replyCount: 0, quoteCount: 0 });
}

/** The replies the plug made under `firstPostId` on the stand-in, by their text. */
function plugReplies(platform: Platform, firstPostId: string): string[] {
  if (platform === 'mastodon') {
    return mastodon.statuses
      .filter((status) => status.inReplyToId === firstPostId && status.text.startsWith('The full story'))
      .map((status) => status.text);
  }
  return bluesky.records
    .filter(
      (record) =>
        (record.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri === firstPostId &&
        String(record.text).startsWith('The full story'),
    )
    .map((record) => String(record.text));
}

async function rowOf(userId: string, threadId: string, platform: Platform) {
  const status = await callRoute(statusRoute, { userId }, { params: { threadId } });
  expect(status.status).toBe(200);
  return status.body.platforms.find((row: { platform: string }) => row.platform === platform);
}

describe.each(['mastodon', 'bluesky'] as const)('the plug on %s', (platform) => {
  it('is armed when the run completes, checks on one pending schedule at a time, and replies once when the first post passes N', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, platform);
    const firstPostId = run.made[0]!.id;

    // Armed, with its first check 15 minutes after the run completed and no other.
    expect(await getPlug(userId, thread.id, platform)).toMatchObject({ state: 'armed', threshold: 20, checksDone: 0 });
    expect(pendingChecksOf(run.runId)).toEqual([`plug-${run.runId}-0`]);
    expect((await rowOf(userId, thread.id, platform)).plug).toEqual({ state: 'armed', threshold: 20, firedUrl: null });

    // 19 likes and reposts: not yet; the next check is scheduled (the delivered one removes itself in the cloud).
    setFirstPostCount(platform, firstPostId, 12, 7);
    expect(await deliver(payload(0))).toEqual({ outcome: 'not_yet' });
    expect(pendingChecksOf(run.runId)).toContain(`plug-${run.runId}-1`);
    expect(await getPlug(userId, thread.id, platform)).toMatchObject({ checksDone: 1, lastCount: 19 });
    // A redelivered check finds itself done and schedules nothing more.
    expect(await deliver(payload(0))).toEqual({ outcome: 'already_checked' });
    expect(pendingChecksOf(run.runId)).toHaveLength(2);

    setFirstPostCount(platform, firstPostId, 12, 8);
    expect(await deliver(payload(1))).toEqual({ outcome: 'fired' });
    expect(await deliver(payload(1))).toEqual({ outcome: 'done' });

    expect(plugReplies(platform, firstPostId)).toEqual([PLUG_LINE]);
    const plug = (await getPlug(userId, thread.id, platform))!;
    expect(plug).toMatchObject({ state: 'fired', firedUrl: expect.stringMatching(/^https?:\/\//) });
    expect(pendingChecksOf(run.runId)).not.toContain(`plug-${run.runId}-2`);
    expect((await rowOf(userId, thread.id, platform)).plug).toEqual({
      state: 'fired',
      threshold: 20,
      firedUrl: plug.firedUrl,
    });

    // The next reading keeps the outcome with the run's credit facts, which /insights compares by.
    await readAndStore(userId, thread.id, platform, 'manual', new Date(), run.runId);
    const [insight] = await listThreadInsightsSince(userId, '2000-01-01T00:00:00.000Z');
    expect(insight?.credit?.[platform]).toMatchObject({ plugFired: true });
  });

  it('replies once when concurrent checks all see the threshold passed', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, platform);
    const firstPostId = run.made[0]!.id;
    setFirstPostCount(platform, firstPostId, 40, 5);

    // The same check delivered five times at once, as retries and a race would.
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => deliver(payload(0))));

    const fired = outcomes.filter(
      (outcome) => outcome.status === 'fulfilled' && (outcome.value as { outcome: string }).outcome === 'fired',
    );
    expect(fired).toHaveLength(1);
    expect(plugReplies(platform, firstPostId)).toEqual([PLUG_LINE]);
    // A check that found the plug being fired failed, for the scheduler to deliver again: then it does nothing.
    expect(await deliver(payload(0))).toEqual({ outcome: 'done' });
    expect(plugReplies(platform, firstPostId)).toHaveLength(1);
    expect((await getPlug(userId, thread.id, platform))?.state).toBe('fired');
  });

  it('replies once after a check stopped between claiming the plug and replying', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, platform);
    const firstPostId = run.made[0]!.id;
    setFirstPostCount(platform, firstPostId, 20, 0);
    const armed = (await getPlug(userId, thread.id, platform))!;
    const crashedAt = new Date();
    // What the stopped check left: the plug claimed, no reply made.
    expect(await claimPlug(armed, 'stopped-check', crashedAt.getTime() + PLUG_CLAIM_MS, crashedAt)).not.toBeNull();

    // Its retry while the claim holds is refused, for the scheduler to deliver again later.
    await expect(checkPlug(payload(0), new Date(crashedAt.getTime() + 1000))).rejects.toThrow(/being fired/);
    expect(plugReplies(platform, firstPostId)).toEqual([]);

    expect(await checkPlug(payload(0), new Date(crashedAt.getTime() + PLUG_CLAIM_MS + 1000))).toBe('fired');
    expect(plugReplies(platform, firstPostId)).toEqual([PLUG_LINE]);
    expect(await checkPlug(payload(0), new Date(crashedAt.getTime() + 2 * PLUG_CLAIM_MS))).toBe('done');
  });

  it('replies once after a check stopped between replying and recording it', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, platform);
    const firstPostId = run.made[0]!.id;
    setFirstPostCount(platform, firstPostId, 20, 0);
    const armed = (await getPlug(userId, thread.id, platform))!;
    const crashedAt = new Date();
    const claimed = (await claimPlug(armed, 'stopped-check', crashedAt.getTime() + PLUG_CLAIM_MS, crashedAt))!;
    // The stopped check made its reply, through the same adapter call, and never recorded it.
    const connection = (await loadLiveConnection(userId, platform, crashedAt))!;
    const made = await adapterFor(platform).publishPost(
      connection,
      plugReplyPost(claimed.plug, run, thread, crashedAt, false),
    );

    expect(await checkPlug(payload(0), new Date(crashedAt.getTime() + PLUG_CLAIM_MS + 1000))).toBe('fired');

    expect(plugReplies(platform, firstPostId)).toEqual([PLUG_LINE]);
    expect((await getPlug(userId, thread.id, platform))?.firedPostId).toBe(made.id);
  });
});

describe('a check that stopped between scheduling its successor and recording itself', () => {
  it('is carried on by the successor: the checks go on from its index, one pending at a time', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, 'mastodon');
    mastodon.setFigures(run.made[0]!.id, { favourites: 2, reblogs: 0, replies: 0 });
    expect((await getPlug(userId, thread.id, 'mastodon'))?.checksDone).toBe(0);

    // Check 0 scheduled check 1 and stopped: the plug still says no check is done.
    expect(await checkPlug(payload(1), new Date())).toBe('not_yet');

    expect(await getPlug(userId, thread.id, 'mastodon')).toMatchObject({ state: 'armed', checksDone: 2, lastCount: 2 });
    expect(pendingChecksOf(run.runId)).toContain(`plug-${run.runId}-2`);
    // Check 0 delivered again finds itself done.
    expect(await checkPlug(payload(0), new Date())).toBe('already_checked');
  });
});

describe('the plug’s end without a reply', () => {
  it('expires after the 48-hour check without reaching N, and schedules nothing after', async () => {
    const userId = await connectedUser();
    const { thread, run, payload } = await publishedThread(userId, 'mastodon');
    mastodon.setFigures(run.made[0]!.id, { favourites: 3, reblogs: 1, replies: 40 });
    const completedAt = Date.parse((await getPlug(userId, thread.id, 'mastodon'))!.completedAt);

    let outcome = '';
    for (let check = 0; check < 66; check += 1) {
      outcome = await checkPlug(payload(check), new Date(completedAt + (check + 1) * 15 * 60_000));
    }

    expect(outcome).toBe('expired');
    expect(await getPlug(userId, thread.id, 'mastodon')).toMatchObject({
      state: 'expired',
      checksDone: 65,
      lastCount: 4,
    });
    expect(pendingChecksOf(run.runId)).not.toContain(`plug-${run.runId}-66`);
    expect(plugReplies('mastodon', run.made[0]!.id)).toEqual([]);
    expect((await rowOf(userId, thread.id, 'mastodon')).plug.state).toBe('expired');
  });

  it('is cancelled when the thread is deleted: its pending check is deleted, and one still delivered does nothing', async () => {
    const userId = await connectedUser();
    const { thread, run } = await publishedThread(userId, 'bluesky');
    const pending = scheduler.list().find((entry) => entry.name === `plug-${run.runId}-0`)!;

    const deleted = await callRoute(
      deleteThreadRoute,
      { userId },
      { params: { threadId: thread.id } },
      { method: 'DELETE' },
    );

    expect(deleted.status).toBe(204);
    expect(pendingChecksOf(run.runId)).toEqual([]);
    expect(await getPlug(userId, thread.id, 'bluesky')).toMatchObject({
      state: 'cancelled',
      endReason: 'The thread was deleted',
    });
    bluesky.state.postCounts.set(run.made[0]!.id, { likeCount: 500, repostCount: 0, replyCount: 0, quoteCount: 0 });
    expect(await invokeHandler(plugTarget.handler, JSON.parse(pending.target.input), 60)).toEqual({ outcome: 'done' });
    expect(plugReplies('bluesky', run.made[0]!.id)).toEqual([]);
  });

  it('is cancelled when the platform is disconnected, on that platform only', async () => {
    const userId = await connectedUser();
    const onMastodon = await publishedThread(userId, 'mastodon');
    const onBluesky = await publishedThread(userId, 'bluesky');

    const answer = await callRoute(
      disconnectRoute,
      { userId },
      { params: { platform: 'mastodon' } },
      { method: 'DELETE' },
    );

    expect(answer.status).toBe(204);
    expect((await getPlug(userId, onMastodon.thread.id, 'mastodon'))?.state).toBe('cancelled');
    expect(pendingChecksOf(onMastodon.run.runId)).toEqual([]);
    expect((await getPlug(userId, onBluesky.thread.id, 'bluesky'))?.state).toBe('armed');
    expect(pendingChecksOf(onBluesky.run.runId)).toEqual([`plug-${onBluesky.run.runId}-0`]);
    expect((await rowOf(userId, onMastodon.thread.id, 'mastodon')).plug.state).toBe('cancelled');
  });

  it('deletes the pending checks of every armed plug when the account is deleted', async () => {
    const userId = await connectedUser();
    const onMastodon = await publishedThread(userId, 'mastodon');
    const onBluesky = await publishedThread(userId, 'bluesky');

    expect(await deletePlugChecksOfAccount(userId)).toBe(2);

    expect(pendingChecksOf(onMastodon.run.runId)).toEqual([]);
    expect(pendingChecksOf(onBluesky.run.runId)).toEqual([]);
  });
});

describe('choosing the plug', () => {
  it('arms nothing when the thread turned it off, and the account’s default when the thread chose nothing', async () => {
    const userId = await connectedUser();
    const off = await publishedThread(userId, 'mastodon', { enabled: false, threshold: 20 });
    expect(await getPlug(userId, off.thread.id, 'mastodon')).toBeNull();
    expect((await rowOf(userId, off.thread.id, 'mastodon')).plug).toBeNull();

    const saved = await callRoute(
      plugDefaultRoute,
      { userId },
      { body: { plugDefault: { enabled: true, threshold: 75 } } },
      { method: 'PUT' },
    );
    expect(saved.status).toBe(200);
    const byDefault = await publishedThread(userId, 'mastodon', null);
    expect(await getPlug(userId, byDefault.thread.id, 'mastodon')).toMatchObject({ state: 'armed', threshold: 75 });
  });

  it('is kept with the thread when it is scheduled, so the fire’s run arms it as chosen', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['The harbour at dawn.']);
    await putThread(thread);

    const scheduled = await callRoute(
      scheduleRoute,
      { userId },
      {
        params: { threadId: thread.id },
        body: {
          platforms: ['mastodon'],
          at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
          plug: { enabled: true, threshold: 12 },
        },
      },
      { method: 'POST' },
    );

    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect((await getThreadForUser(userId, thread.id))?.plug).toEqual({ enabled: true, threshold: 12 });
  });

  it('refuses a threshold that is not a whole number from 1 up, queueing nothing', async () => {
    const userId = await connectedUser();
    const thread = makeThread(userId, ['The harbour at dawn.']);
    await putThread(thread);

    const answer = await callRoute(
      publishRoute,
      { userId },
      { params: { threadId: thread.id }, body: { platforms: ['mastodon'], plug: { enabled: true, threshold: 0 } } },
      { method: 'POST' },
    );
    const badDefault = await callRoute(
      plugDefaultRoute,
      { userId },
      { body: { plugDefault: { enabled: true, threshold: 2.5 } } },
      { method: 'PUT' },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Invalid request body: plug.threshold: The plug threshold must be at least 1');
    expect(badDefault.status).toBe(400);
    expect(badDefault.body.error).toBe(
      'Invalid request body: plugDefault.threshold: The plug threshold must be a whole number',
    );
    expect(await getPublishRun(userId, thread.id, 'mastodon')).toBeNull();
  });
});
