import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { nextFreeSlot, scheduleWindow } from '#shared/scheduling/slots';
import type { PostingSlot } from '#shared/schemas/scheduling';
import { PUBLIC_CHAT, SECOND_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';
import { upcomingItem } from '../../helpers/scheduled-items';

// Scheduled and queued items of a workspace with two Telegram channels (two accounts on one
// platform): the routes as the app calls them, the real publishing worker, the local Telegram Bot API
// and the local scheduler; an item is fired as its schedule fires it.
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-several-scheduled-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, scheduler.handlerEnv);
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { putThread } = await import('#functions/data/thread-repository');
const { createScheduledItem, getScheduledItem } = await import('#functions/data/scheduled-item-repository');
const { listPublishRunsForThread } = await import('#functions/data/publish-run-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { fireScheduledItem } = await import('#functions/services/scheduling/fire-item');
const putQueue = (await import('#functions/http/scheduling/put-posting-queue')).handler;
const postSchedule = (await import('#functions/http/scheduling/post-schedule')).handler;
const getScheduled = (await import('#functions/http/scheduling/get-scheduled')).handler;
const patchAccount = (await import('#functions/http/connections/patch-connection-account')).handler;
const deleteAccount = (await import('#functions/http/connections/delete-connection-account')).handler;

afterAll(async () => {
  await scheduler.stop();
  await pipeline.stop();
  rmSync(schedulerDir, { recursive: true, force: true });
});

const LEAD = { minLeadSeconds: 60, maxLeadDays: 365 };

/** A workspace with both channels connected and a thread of one post carrying `marker`. */
async function workspaceWithThread(marker: string) {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: SECOND_CHAT.id }, new Date());
  const thread = makeThread(userId, [`${marker}: boats return before sunrise.`]);
  await putThread(thread);
  return { userId, thread };
}

/** Every day at 09:00 in Dublin, each slot naming `telegram` as its Telegram account when given. */
const everyMorning = (telegramAccount?: string) => ({
  timeZone: 'Europe/Dublin',
  slots: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({
    day,
    time: '09:00',
    ...(telegramAccount ? { accounts: { telegram: telegramAccount } } : {}),
  })),
});

const saveQueue = (userId: string, body: unknown) => callRoute(putQueue, { userId }, { body }, { method: 'PUT' });
const schedule = (userId: string, threadId: string, body: unknown) =>
  callRoute(postSchedule, { userId }, { params: { threadId }, body }, { method: 'POST' });

/** The chats the thread's marker reached. */
const chatsReached = (marker: string) =>
  telegram.messages.filter((message) => message.text.includes(marker)).map((message) => message.chatId);

/** Fires the item at its time and waits until each of its runs ended. */
async function fireAndSettle(userId: string, item: { itemId: string; at: string; threadId: string }, runs: number) {
  await fireScheduledItem(userId, item.itemId, item.at, new Date(Date.parse(item.at) + 1000));
  const deadline = Date.now() + 45_000;
  for (;;) {
    const all = await listPublishRunsForThread(userId, item.threadId);
    if (all.length === runs && all.every((run) => run.status === 'completed' || run.status === 'failed')) return;
    if (Date.now() > deadline) throw new Error(`runs: ${JSON.stringify(all.map((run) => run.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('queue slots that name an account', () => {
  it('posts a queued item to the account its slot names when the item names none', async () => {
    const marker = `slot-${randomUUID().slice(0, 8)}`;
    const { userId, thread } = await workspaceWithThread(marker);

    const saved = await saveQueue(userId, everyMorning(SECOND_CHAT.id));
    const added = await schedule(userId, thread.id, { platforms: ['telegram'], queue: true });
    await fireAndSettle(userId, added.body, 1);

    expect(saved.status).toBe(200);
    expect(saved.body.slots[0]).toMatchObject({ accounts: { telegram: SECOND_CHAT.id } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.accounts).toEqual({ telegram: [SECOND_CHAT.id] });
    expect(chatsReached(marker)).toEqual([SECOND_CHAT.id]);
  });

  it('keeps the account the item names over the one its slot names', async () => {
    const marker = `own-${randomUUID().slice(0, 8)}`;
    const { userId, thread } = await workspaceWithThread(marker);
    await saveQueue(userId, everyMorning(SECOND_CHAT.id));

    const added = await schedule(userId, thread.id, {
      platforms: ['telegram'],
      queue: true,
      accounts: { telegram: [PUBLIC_CHAT.id] },
    });

    expect(added.status).toBe(201);
    expect(added.body.accounts).toEqual({ telegram: [PUBLIC_CHAT.id] });
  });

  it('refuses a queued item when neither it nor its slot names one of the two accounts, and the slot stays free', async () => {
    const { userId, thread } = await workspaceWithThread('none');
    await saveQueue(userId, everyMorning());

    const refused = await schedule(userId, thread.id, { platforms: ['telegram'], queue: true });
    const chosen = await schedule(userId, thread.id, {
      platforms: ['telegram'],
      queue: true,
      accounts: { telegram: SECOND_CHAT.id },
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'account_choice_required' });
    // The refused item took no slot: the first Add to Queue after it gets the first free one.
    const queue = everyMorning();
    const first = nextFreeSlot(
      queue.slots as PostingSlot[],
      queue.timeZone,
      scheduleWindow(new Date(), LEAD),
      new Set(),
    );
    expect(chosen.body.at).toBe(first?.at.toISOString());
    expect(chosen.body.accounts).toEqual({ telegram: [SECOND_CHAT.id] });
  });

  it('refuses saving a slot that names an account the workspace has not connected, keeping the old slots', async () => {
    const { userId } = await workspaceWithThread('unknown');
    await saveQueue(userId, everyMorning(SECOND_CHAT.id));

    const unknown = await saveQueue(userId, everyMorning('-1999'));

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'account_not_found' });
    const kept = await callRoute(
      (await import('#functions/http/scheduling/get-posting-queue')).handler,
      { userId },
      {},
    );
    expect(kept.body.slots[0]).toMatchObject({ accounts: { telegram: SECOND_CHAT.id } });
  });

  it('fails the item at its time when its slot’s account was disconnected since, posting to no other account', async () => {
    const marker = `gone-${randomUUID().slice(0, 8)}`;
    const { userId, thread } = await workspaceWithThread(marker);
    await saveQueue(userId, everyMorning(SECOND_CHAT.id));
    const added = await schedule(userId, thread.id, { platforms: ['telegram'], queue: true });
    await callRoute(
      patchAccount,
      { userId },
      { params: { platform: 'telegram', accountId: SECOND_CHAT.id }, body: { name: 'Harbour desk' } },
      { method: 'PATCH' },
    );

    await callRoute(
      deleteAccount,
      { userId },
      { params: { platform: 'telegram', accountId: SECOND_CHAT.id } },
      { method: 'DELETE' },
    );
    await fireScheduledItem(userId, added.body.itemId, added.body.at, new Date(Date.parse(added.body.at) + 1000));

    const item = await getScheduledItem(userId, added.body.itemId);
    expect(Object.values(item!.outcomes)).toEqual([
      expect.objectContaining({
        accountId: SECOND_CHAT.id,
        status: 'failed',
        error: 'Reconnect the Telegram account Harbour desk to publish (nothing was posted to another account)',
      }),
    ]);
    expect(chatsReached(marker)).toEqual([]);
  });
});

describe('a scheduled item naming several accounts of one platform', () => {
  it('posts to each account once and lists an outcome per account under Past', async () => {
    const marker = `both-${randomUUID().slice(0, 8)}`;
    const { userId, thread } = await workspaceWithThread(marker);
    const inAnHour = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString();

    const created = await schedule(userId, thread.id, {
      platforms: ['telegram'],
      at: inAnHour,
      accounts: { telegram: [PUBLIC_CHAT.id, SECOND_CHAT.id] },
    });
    await fireAndSettle(userId, created.body, 2);
    // A second fire (the scheduler's retry) posts nothing more.
    await fireScheduledItem(userId, created.body.itemId, null, new Date(Date.parse(inAnHour) + 5000));
    const past = await callRoute(getScheduled, { userId }, { query: { view: 'past' } });

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(chatsReached(marker).sort()).toEqual([PUBLIC_CHAT.id, SECOND_CHAT.id].sort());
    const listed = past.body.items.find((each: { itemId: string }) => each.itemId === created.body.itemId);
    expect(listed.outcomes).toHaveLength(2);
    expect(listed.outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          platform: 'telegram',
          accountId: PUBLIC_CHAT.id,
          accountName: PUBLIC_CHAT.title,
          status: 'completed',
        }),
        expect.objectContaining({
          platform: 'telegram',
          accountId: SECOND_CHAT.id,
          accountName: SECOND_CHAT.title,
          status: 'completed',
        }),
      ]),
    );
  });

  it('still fires an item stored before several accounts, its one account as a single id', async () => {
    const marker = `old-${randomUUID().slice(0, 8)}`;
    const { userId, thread } = await workspaceWithThread(marker);
    const at = '2026-03-01T09:00:00.000Z';
    const stored = upcomingItem(userId, thread, at, {
      // As items were written before: one id per platform.
      accounts: { telegram: SECOND_CHAT.id } as unknown as Record<'telegram', string[]>,
    });
    await createScheduledItem(stored);

    const read = await getScheduledItem(userId, stored.itemId);
    await fireAndSettle(userId, { ...stored, threadId: thread.id }, 1);
    const fired = await getScheduledItem(userId, stored.itemId);

    expect(read?.accounts).toEqual({ telegram: [SECOND_CHAT.id] });
    expect(chatsReached(marker)).toEqual([SECOND_CHAT.id]);
    expect(Object.values(fired!.outcomes)).toEqual([
      expect.objectContaining({ platform: 'telegram', accountId: SECOND_CHAT.id }),
    ]);
  });
});
