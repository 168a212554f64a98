import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import type { PostMedia } from '#shared/schemas/media';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { PUBLIC_CHAT, SECOND_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { upcomingItem } from '../../helpers/scheduled-items';

// The publishing pipeline in this process (dynalite, local SQS polled by the real worker, the local
// Telegram Bot API, a Bluesky stand-in, the local scheduler); items are written as the schedule
// route writes them, or scheduled through it, and fired as the schedule does.
const bluesky = await startBlueskyServer();
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-fire-rules-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, {
  BLUESKY_SERVICE_URL: bluesky.url,
  // The Bluesky stand-in is allowed although on loopback.
  ALLOW_PRIVATE_FETCH_HOSTS: bluesky.host,
  ...scheduler.handlerEnv,
});
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { putThread, deleteThreadForUser, updateThreadForUser } = await import('#functions/data/thread-repository');
const { setPlatformEnabled } = await import('#functions/data/settings-repository');
const { layAccountTombstone } = await import('#functions/data/account-deletion-repository');
const { createScheduledItem, getScheduledItem, claimScheduledItemForFiring, releaseFiring } = await import(
  '#functions/data/scheduled-item-repository'
);
const { getPublishRun, startFreshRun } = await import('#functions/data/publish-run-repository');
const { connectBluesky, connectTelegram } = await import('#functions/services/connections/connections');
const { fireScheduledItem, scheduledRunId } = await import('#functions/services/scheduling/fire-item');
const { scheduleThread } = await import('#functions/services/scheduling/scheduled-items');

afterAll(async () => {
  await scheduler.stop();
  await pipeline.stop();
  await bluesky.close();
  rmSync(schedulerDir, { recursive: true, force: true });
});

const AT = '2026-03-01T09:00:00.000Z';
const FIRE_TIME = new Date('2026-03-01T09:00:01.000Z');

/** A user with Telegram connected, a thread of theirs and an upcoming item publishing it there at AT. */
async function scheduledThread(marker: string) {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  const thread = makeThread(userId, [`${marker}: the first post.`, `${marker}: the second post.`]);
  await putThread(thread);
  const item = upcomingItem(userId, thread, AT);

  await createScheduledItem(item);
  return { userId, thread, item };
}

const posted = (marker: string) => telegram.messages.filter((message) => message.text.includes(marker));

describe('firing a scheduled item', () => {
  it('becomes one publishing run per platform, posted once, its outcome recorded', async () => {
    const marker = `fire-${randomUUID().slice(0, 8)}`;
    const { userId, thread, item } = await scheduledThread(marker);

    const fired = await fireScheduledItem(userId, item.itemId, AT, FIRE_TIME);

    expect(fired).toMatchObject({ status: 'fired', firedAt: FIRE_TIME.toISOString() });
    expect(await settle(userId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
    expect((await getPublishRun(userId, thread.id, 'telegram'))?.runId).toBe(scheduledRunId(item.itemId, 'telegram'));
    expect((await getScheduledItem(userId, item.itemId))?.outcomes.telegram).toMatchObject({
      runId: scheduledRunId(item.itemId, 'telegram'),
    });
    expect(posted(marker).length).toBeGreaterThan(0);
    expect(new Set(posted(marker).map((message) => message.text)).size).toBe(posted(marker).length);
  });

  it('of several fires at once, lets one run and the rest find nothing to do', async () => {
    const marker = `race-${randomUUID().slice(0, 8)}`;
    const { userId, thread, item } = await scheduledThread(marker);

    const results = await Promise.all(
      Array.from({ length: 4 }, () => fireScheduledItem(userId, item.itemId, AT, FIRE_TIME)),
    );

    expect(results.filter((result) => result !== null)).toHaveLength(1);
    const row = await settle(userId, thread.id, 'telegram');
    expect(posted(marker)).toHaveLength(row.postsTotal);
  });

  it('fires nothing for a schedule left at a time the item no longer has', async () => {
    const { userId, item } = await scheduledThread(`stale-${randomUUID().slice(0, 8)}`);

    expect(await fireScheduledItem(userId, item.itemId, '2026-02-01T09:00:00.000Z', FIRE_TIME)).toBeNull();
    expect((await getScheduledItem(userId, item.itemId))?.status).toBe('scheduled');
  });

  it.each([
    ['the thread was deleted', 'The thread was deleted before its scheduled time.'],
    ['the account was deleted', 'This account has been deleted.'],
    ['an admin disabled the platform', 'Telegram is not available right now.'],
  ])('fails the platform with the reason and posts nothing when %s', async (change, reason) => {
    const marker = `refused-${randomUUID().slice(0, 8)}`;
    const { userId, thread, item } = await scheduledThread(marker);
    if (change.startsWith('the thread')) await deleteThreadForUser(userId, thread.id);
    if (change.startsWith('the account')) {
      await layAccountTombstone(userId, new Date(), new Date(Date.now() + 86_400_000));
    }
    if (change.startsWith('an admin')) await setPlatformEnabled('telegram', false, new Date().toISOString());

    try {
      await fireScheduledItem(userId, item.itemId, AT, new Date());
    } finally {
      if (change.startsWith('an admin')) await setPlatformEnabled('telegram', true, new Date().toISOString());
    }

    expect((await getScheduledItem(userId, item.itemId))?.outcomes.telegram).toEqual({
      platform: 'telegram',
      accountId: null,
      runId: null,
      status: 'failed',
      error: reason,
      postUrl: null,
    });
    expect(await getPublishRun(userId, thread.id, 'telegram')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posted(marker)).toEqual([]);
  });

  it('fails a platform that shows alt text when a picture without it was added since, and posts nothing there', async () => {
    const userId = `user-${randomUUID()}`;
    await connectBluesky(userId, { handle: bluesky.handle, appPassword: 'abcd-efgh-ijkl-mnop' }, new Date());
    const picture = (id: string, alt: string): PostMedia => ({
      id,
      kind: 'upload',
      mimeType: 'image/jpeg',
      width: 64,
      height: 48,
      alt,
      altSource: alt ? 'curator' : null,
      credit: null,
    });
    const thread = makeThread(userId, ['A ferry becomes a library.', 'It served forty years.']);
    thread.posts[0]!.media = [picture('media-described', 'The ferry at its quay')];
    await putThread(thread);
    const inAnHour = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
    const item = await scheduleThread({ userId, userAgent: 'test', now: new Date() }, thread.id, {
      platforms: ['bluesky'],
      at: inAnHour,
    });
    // Edited before its time: the second post gets a picture without alt text.
    const edited = thread.posts.map((post, index) =>
      index === 1 ? { ...post, media: [picture('media-undescribed', '')] } : post,
    );
    await updateThreadForUser(userId, thread.id, { posts: edited }, new Date().toISOString());
    const requestsBefore = bluesky.requests.length;

    // Fired as its schedule would at its time.
    await fireScheduledItem(userId, item.itemId, item.at, new Date(Date.parse(item.at) + 1000));

    // Its one outcome, on the account it was scheduled to.
    expect(Object.values((await getScheduledItem(userId, item.itemId))!.outcomes)).toEqual([
      {
        platform: 'bluesky',
        accountId: item.accounts?.bluesky?.[0],
        runId: null,
        status: 'failed',
        error: 'Post 2 has an image without alt text, which Bluesky shows. Write it on the thread before publishing.',
        postUrl: null,
      },
    ]);
    expect(await getPublishRun(userId, thread.id, 'bluesky')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bluesky.requests.slice(requestsBefore)).toEqual([]);
  });

  it('resumes a fire that died after starting its run: the same run queued again, no second one', async () => {
    const marker = `resume-${randomUUID().slice(0, 8)}`;
    const { userId, thread, item } = await scheduledThread(marker);
    const sentBefore = telegram.messages.length;
    const now = Date.now();
    // The first fire claimed the item and started the run, then died before queuing it or recording it.
    await claimScheduledItemForFiring(userId, item.itemId, AT, now, 60_000);
    await releaseFiring(userId, item.itemId);
    const runId = scheduledRunId(item.itemId, 'telegram');
    await startFreshRun({
      userId,
      threadId: thread.id,
      platform: 'telegram',
      runId,
      status: 'pending',
      posts: thread.posts.map((post) => post.content),
      made: [],
      error: null,
      postUrl: null,
      leaseUntil: null,
      startedAt: new Date(now).toISOString(),
      article: { url: thread.sourceUrl, title: thread.title },
      updatedAt: new Date(now).toISOString(),
    });

    const resumed = await fireScheduledItem(userId, item.itemId, AT, new Date(now + 1000));

    expect(resumed?.outcomes.telegram?.runId).toBe(runId);
    const row = await settle(userId, thread.id, 'telegram');
    expect(row).toMatchObject({ status: 'completed', postsTotal: thread.posts.length });
    expect((await getPublishRun(userId, thread.id, 'telegram'))?.runId).toBe(runId);
    // Every post once, the attribution (which does not carry the marker) included.
    expect(telegram.messages.length - sentBefore).toBe(thread.posts.length);
    expect(posted(marker)).toHaveLength(thread.posts.length - 1);
  });

  it('with two accounts on a platform, posts where the item was scheduled to: the chosen account, the other gets nothing', async () => {
    const marker = `second-${randomUUID().slice(0, 8)}`;
    const userId = `user-${randomUUID()}`;
    await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
    await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: SECOND_CHAT.id }, new Date());
    const thread = makeThread(userId, [`${marker}: the first post.`]);
    await putThread(thread);
    const inAnHour = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
    const context = { userId, userAgent: 'test', now: new Date() };

    await expect(scheduleThread(context, thread.id, { platforms: ['telegram'], at: inAnHour })).rejects.toThrow(
      'This workspace has several Telegram accounts. Choose which one to post to.',
    );
    const item = await scheduleThread(context, thread.id, {
      platforms: ['telegram'],
      at: inAnHour,
      accounts: { telegram: [SECOND_CHAT.id] },
    });
    await fireScheduledItem(userId, item.itemId, item.at, new Date(Date.parse(item.at) + 1000));

    expect(item.accounts).toEqual({ telegram: [SECOND_CHAT.id] });
    expect(await settle(userId, thread.id, 'telegram')).toMatchObject({
      accountId: SECOND_CHAT.id,
      status: 'completed',
    });
    expect(new Set(posted(marker).map((message) => message.chatId))).toEqual(new Set([SECOND_CHAT.id]));
  });

  it('fires an item from before several accounts to the platform’s first account', async () => {
    const marker = `legacy-${randomUUID().slice(0, 8)}`;
    const { userId, thread, item } = await scheduledThread(marker);
    await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: SECOND_CHAT.id }, new Date());

    await fireScheduledItem(userId, item.itemId, AT, FIRE_TIME);

    expect(item.accounts).toBeUndefined();
    expect(await settle(userId, thread.id, 'telegram')).toMatchObject({
      accountId: PUBLIC_CHAT.id,
      status: 'completed',
    });
    expect(new Set(posted(marker).map((message) => message.chatId))).toEqual(new Set([PUBLIC_CHAT.id]));
  });
});
