import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { upcomingItem } from '../../helpers/scheduled-items';

// The publishing pipeline in this process (dynalite, local SQS polled by the real worker, the local
// Telegram Bot API); items are written as the schedule route writes them and fired as the schedule does.
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { putThread, deleteThreadForUser } = await import('#functions/data/thread-repository');
const { setPlatformEnabled } = await import('#functions/data/settings-repository');
const { layAccountTombstone } = await import('#functions/data/account-deletion-repository');
const { createScheduledItem, getScheduledItem, claimScheduledItemForFiring, releaseFiring } = await import(
  '#functions/data/scheduled-item-repository'
);
const { getPublishRun, startFreshRun } = await import('#functions/data/publish-run-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { fireScheduledItem, scheduledRunId } = await import('#functions/services/scheduling/fire-item');

afterAll(() => pipeline.stop());

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
      runId: null,
      status: 'failed',
      error: reason,
      postUrl: null,
    });
    expect(await getPublishRun(userId, thread.id, 'telegram')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posted(marker)).toEqual([]);
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
});
