import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlueskyServer } from '../../fakes/bluesky-server';
import { startTelegramServer } from '../../fakes/telegram-server';
import { api, newUser, signIn } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';
import { seededThread, seedThreads } from '../../helpers/seed-threads';

const TOKEN = '123456:SCHEDULE-token';
const CHAT = { id: '-1002', title: 'Scheduled Reads', username: 'scheduledreads' };
/** The stack lets a publish be scheduled this close (the product's minimum is a minute). */
const LEAD_SECONDS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A time that many seconds ahead, in whole seconds (as the schedule's expression counts them). */
const inSeconds = (seconds: number) => new Date(Math.ceil(Date.now() / 1000 + seconds) * 1000).toISOString();

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

const subOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

describe('scheduled publishing on the local stack', () => {
  let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
  let bluesky: Awaited<ReturnType<typeof startBlueskyServer>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-schedule-'));
  let stack: StartedStack;
  let user: { email: string; password: string; token: string; userId: string };
  let threadNumber = 0;

  const start = () =>
    startStack({
      dataDir,
      env: {
        TELEGRAM_API_URL: telegram.url,
        BLUESKY_SERVICE_URL: bluesky.url,
        // The Bluesky stand-in is allowed although on loopback.
        ALLOW_PRIVATE_FETCH_HOSTS: bluesky.host,
        SCHEDULE_MIN_LEAD_SECONDS: String(LEAD_SECONDS),
      },
    });
  const call = (route: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    api(stack.url, route, { token: user.token, ...options });
  /** A fresh thread of the user; its marker appears in every message posted from it. */
  const newThread = async () => {
    threadNumber += 1;
    const thread = seededThread(user.userId, 500 + threadNumber);
    await seedThreads(stack, [thread]);
    return { id: thread.id, marker: `seeded thread ${500 + threadNumber}.` };
  };
  const posted = (marker: string) => telegram.messages.filter((message) => message.text.includes(marker));
  const schedule = (threadId: string, body: Record<string, unknown>) =>
    call(`/api/threads/${threadId}/schedule`, { method: 'POST', body: { platforms: ['telegram'], ...body } });
  const findItem = async (view: 'upcoming' | 'past', itemId: string) =>
    (await call(`/api/scheduled?view=${view}`)).body.items.find((item: { itemId: string }) => item.itemId === itemId);
  const connectTelegram = (token = user.token) =>
    api(stack.url, '/api/connections/telegram', { token, method: 'POST', body: { botToken: TOKEN, chatId: CHAT.id } });
  /** The local scheduler's log entries for an item's schedule (its `put`s and `delete`s, in order). */
  const scheduleLogOf = (itemId: string): string[] => {
    const log = path.join(dataDir, 'scheduler', 'schedules.jsonl');
    if (!existsSync(log)) return [];
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`item-${itemId}`))
      .map((line) => JSON.parse(line).op);
  };

  beforeAll(async () => {
    telegram = await startTelegramServer({ token: TOKEN, botUsername: 'schedbot', chats: [CHAT] });
    bluesky = await startBlueskyServer();
    stack = await start();
    const created = await newUser(stack.url, 'scheduler');
    user = { ...created, token: created.tokens.idToken, userId: subOf(created.tokens.idToken) };
    const connected = await connectTelegram();
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await telegram?.close();
    await bluesky?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('posts a thread scheduled a few seconds ahead once, at its time, and shows it as upcoming until then', async () => {
    const { id, marker } = await newThread();
    const at = inSeconds(LEAD_SECONDS + 1.5);

    const created = await schedule(id, { at, timeZone: 'Europe/Dublin' });

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ threadId: id, platforms: ['telegram'], status: 'scheduled', source: 'time' });
    const upcoming = await call('/api/scheduled?view=upcoming');
    expect(upcoming.body.items.map((item: { itemId: string }) => item.itemId)).toContain(created.body.itemId);
    const detail = await call(`/api/threads/${id}`);
    expect(detail.body.nextScheduled).toEqual({ at: created.body.at, platforms: ['telegram'] });
    expect((await call(`/api/threads/${id}/schedule`)).body.items).toHaveLength(1);
    expect(posted(marker)).toEqual([]);

    const past = await until(
      'the fired item to complete',
      async () =>
        (await call('/api/scheduled?view=past')).body.items.find(
          (item: { itemId: string }) => item.itemId === created.body.itemId,
        ),
      (item) => item?.outcomes?.[0]?.status === 'completed',
    );
    const sent = posted(marker);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((message) => message.text)).size).toBe(sent.length);
    expect(Date.parse(past.firedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.at));
    expect(Date.parse(past.firedAt) - Date.parse(created.body.at)).toBeLessThan(5_000);
    expect(past).toMatchObject({ status: 'fired', outcomes: [{ platform: 'telegram', error: null }] });
    expect(past.outcomes[0].postUrl).toContain('t.me/scheduledreads');
    expect((await call(`/api/threads/${id}`)).body.nextScheduled).toBeNull();
    await sleep(1500);
    expect(posted(marker)).toHaveLength(sent.length);
  });

  it('never posts a cancelled item', async () => {
    const { id, marker } = await newThread();
    const created = await schedule(id, { at: inSeconds(LEAD_SECONDS + 1) });

    const cancelled = await call(`/api/scheduled/${created.body.itemId}`, { method: 'DELETE' });
    await sleep((LEAD_SECONDS + 3) * 1000);

    expect(cancelled.status).toBe(204);
    expect(posted(marker)).toEqual([]);
    const past = (await call('/api/scheduled?view=past')).body.items;
    expect(past.find((item: { itemId: string }) => item.itemId === created.body.itemId)).toMatchObject({
      status: 'cancelled',
      outcomes: [],
    });
    expect((await call(`/api/scheduled/${created.body.itemId}`, { method: 'DELETE' })).body.code).toBe(
      'scheduled_item_not_upcoming',
    );
  });

  it('posts a rescheduled item at its new time only', async () => {
    const { id, marker } = await newThread();
    const created = await schedule(id, { at: inSeconds(LEAD_SECONDS + 1) });
    const newAt = inSeconds(LEAD_SECONDS + 5);

    const moved = await call(`/api/scheduled/${created.body.itemId}`, { method: 'PUT', body: { at: newAt } });
    await sleep((LEAD_SECONDS + 3) * 1000);

    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.at).toBe(newAt);
    expect(posted(marker)).toEqual([]);
    const fired = await until(
      'the moved item to post',
      () => posted(marker).length,
      (count) => count > 0,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(newAt));
    await sleep(1500);
    expect(posted(marker)).toHaveLength(fired);
  });

  it('publishes once when two fires of the same item come at once', async () => {
    const { id, marker } = await newThread();
    const created = await schedule(id, { at: inSeconds(60) });

    const [first, second] = await Promise.all([
      call(`/api/scheduled/${created.body.itemId}/publish-now`, { method: 'POST' }),
      call(`/api/scheduled/${created.body.itemId}/publish-now`, { method: 'POST' }),
    ]);

    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const status = await until(
      'the run to complete',
      async () => (await call(`/api/threads/${id}/publishing`)).body.platforms[0],
      (row) => row?.status === 'completed',
    );
    const sent = posted(marker);
    expect(sent).toHaveLength(status.postsTotal);
    expect(new Set(sent.map((message) => message.text)).size).toBe(sent.length);
  });

  it('posts an item that came due while the stack was stopped once, right after it starts again', async () => {
    const { id, marker } = await newThread();
    // Far enough ahead that the stack has stopped before it (stopping takes seconds on a loaded machine).
    const at = inSeconds(LEAD_SECONDS + 10);
    const created = await schedule(id, { at });
    expect(created.status).toBe(201);

    await stack.stop();
    const stoppedInTime = Date.now() < Date.parse(at);
    await sleep(Math.max(0, Date.parse(at) - Date.now()) + 3000);
    const postedWhileStopped = posted(marker);
    stack = await start();
    expect(stoppedInTime).toBe(true);
    expect(postedWhileStopped).toEqual([]);
    user.token = (await signIn(stack.url, user.email, user.password)).idToken;

    // Counted from the stack being up (how long a start takes depends on the machine's load).
    const count = await until(
      'the late item to post',
      () => posted(marker).length,
      (made) => made > 0,
      15_000,
    );
    await sleep(1500);
    expect(posted(marker)).toHaveLength(count);
  }, 90_000);

  it('fails an item at once when its only platform is disconnected, and posts nothing at its time', async () => {
    const { id, marker } = await newThread();
    const created = await schedule(id, { at: inSeconds(LEAD_SECONDS + 2) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const disconnected = await call('/api/connections/telegram', { method: 'DELETE' });

    expect(disconnected.status).toBe(204);
    expect(await findItem('upcoming', created.body.itemId)).toBeUndefined();
    const past = await findItem('past', created.body.itemId);
    expect(past).toMatchObject({
      status: 'fired',
      outcomes: [{ platform: 'telegram', status: 'failed', error: 'Reconnect Telegram to publish', postUrl: null }],
    });
    expect(Date.parse(past.firedAt)).toBeLessThan(Date.parse(created.body.at));
    expect((await call(`/api/threads/${id}`)).body.nextScheduled).toBeNull();
    expect(scheduleLogOf(created.body.itemId)).toEqual(['put', 'delete']);

    // Connected again before the time: the item failed already, so nothing is posted for it.
    expect((await connectTelegram()).status).toBe(200);
    await sleep((LEAD_SECONDS + 3) * 1000);
    expect(posted(marker)).toEqual([]);
    // Unchanged, but for the account's name, which the list reads as the workspace names it now.
    expect(await findItem('past', created.body.itemId)).toEqual({
      ...past,
      outcomes: [{ ...past.outcomes[0], accountName: expect.any(String) }],
    });
  });

  it('keeps the other platforms of an item when one is disconnected: that one fails at once, the rest post at its time', async () => {
    const handle = await call('/api/connections/bluesky', {
      method: 'POST',
      body: { handle: bluesky.handle, appPassword: 'abcd-efgh-ijkl-mnop' },
    });
    expect(handle.status, JSON.stringify(handle.body)).toBe(200);
    const { id, marker } = await newThread();
    const created = await call(`/api/threads/${id}/schedule`, {
      method: 'POST',
      body: { platforms: ['telegram', 'bluesky'], at: inSeconds(LEAD_SECONDS + 3) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const blueskyFailure = {
      platform: 'bluesky',
      status: 'failed',
      error: 'Reconnect Bluesky to publish',
      postUrl: null,
    };

    expect((await call('/api/connections/bluesky', { method: 'DELETE' })).status).toBe(204);

    expect(await findItem('upcoming', created.body.itemId)).toMatchObject({
      status: 'scheduled',
      platforms: ['telegram', 'bluesky'],
      outcomes: [blueskyFailure],
    });
    expect((await call(`/api/threads/${id}`)).body.nextScheduled).toEqual({
      at: created.body.at,
      platforms: ['telegram'],
    });
    const past = await until(
      'the item to post to Telegram',
      () => findItem('past', created.body.itemId),
      (item) => item?.outcomes?.[0]?.status === 'completed',
    );
    expect(past.outcomes).toEqual([
      {
        platform: 'telegram',
        accountId: expect.any(String),
        accountName: expect.any(String),
        status: 'completed',
        error: null,
        postUrl: expect.stringContaining('t.me/'),
      },
      { ...blueskyFailure, accountId: expect.any(String), accountName: expect.any(String) },
    ]);
    expect(posted(marker).length).toBeGreaterThan(0);
    expect(bluesky.requests.filter((request) => request.method === 'com.atproto.repo.createRecord')).toEqual([]);
  });

  it('gives five Add to Queue requests at the same instant five distinct slots, and a cancelled item its slot back', async () => {
    const queuer = await newUser(stack.url, 'queuer');
    const token = queuer.tokens.idToken;
    const thread = seededThread(subOf(token), 700);
    await seedThreads(stack, [thread]);
    expect((await connectTelegram(token)).status).toBe(200);
    const slots = ['Mon 09:00', 'Wed 12:30', 'Fri 18:00'];
    const saved = await api(stack.url, '/api/scheduling/queue', {
      token,
      method: 'PUT',
      body: {
        timeZone: 'Australia/Sydney',
        slots: slots.map((slot) => ({ day: slot.slice(0, 3).toLowerCase(), time: slot.slice(4) })),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const addToQueue = () =>
      api(stack.url, `/api/threads/${thread.id}/schedule`, {
        token,
        method: 'POST',
        body: { platforms: ['telegram'], queue: true },
      });

    const added = await Promise.all(Array.from({ length: 5 }, addToQueue));

    expect(added.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const times = added.map((answer) => answer.body.at as string);
    expect(new Set(times).size).toBe(5);
    for (const at of times) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Australia/Sydney',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(at));
      expect(slots).toContain(local);
    }
    const upcoming = (await api(stack.url, '/api/scheduled?view=upcoming', { token })).body.items;
    expect(upcoming.map((item: { at: string }) => item.at)).toEqual([...times].sort());

    const [soonest] = [...times].sort();
    const first = added.find((answer) => answer.body.at === soonest)!;
    expect((await api(stack.url, `/api/scheduled/${first.body.itemId}`, { token, method: 'DELETE' })).status).toBe(204);
    const again = await addToQueue();

    expect(again.status).toBe(201);
    expect(again.body.at).toBe(soonest);
  });

  it('puts a thread into the next free queue slot, and cancels its items when the thread is deleted', async () => {
    const { id } = await newThread();
    const unset = await call('/api/scheduling/queue');
    expect(unset).toMatchObject({ status: 404, body: { code: 'posting_queue_not_set' } });
    const saved = await call('/api/scheduling/queue', {
      method: 'PUT',
      body: {
        timeZone: 'America/New_York',
        slots: [
          { day: 'mon', time: '09:00' },
          { day: 'thu', time: '17:30' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const first = await schedule(id, { queue: true });
    const second = await schedule(id, { queue: true });

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ source: 'queue', timeZone: 'America/New_York' });
    expect(second.body.at).not.toBe(first.body.at);
    for (const item of [first.body, second.body]) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(item.at));
      expect(['Mon 09:00', 'Thu 17:30']).toContain(local);
    }
    expect((await call(`/api/threads/${id}`)).body.nextScheduled.at).toBe([first.body.at, second.body.at].sort()[0]);

    expect((await call(`/api/threads/${id}`, { method: 'DELETE' })).status).toBe(204);

    const upcoming = (await call('/api/scheduled?view=upcoming')).body.items;
    expect(upcoming.filter((item: { threadId: string }) => item.threadId === id)).toEqual([]);
    const past = (await call('/api/scheduled?view=past')).body.items;
    expect(
      past.filter((item: { threadId: string }) => item.threadId === id).map((item: { status: string }) => item.status),
    ).toEqual(['cancelled', 'cancelled']);
  });

  it('refuses bad input with a clear 4xx and schedules nothing', async () => {
    const { id } = await newThread();
    const other = await newUser(stack.url, 'other');
    const otherThread = seededThread(subOf(other.tokens.idToken), 900);
    await seedThreads(stack, [otherThread]);
    const before = (await call('/api/scheduled?view=upcoming')).body.items.length;

    const refusals = await Promise.all([
      schedule(id, { at: inSeconds(120), timeZone: 'Mars/Olympus_Mons' }),
      schedule(id, { at: inSeconds(-60) }),
      schedule(id, { at: inSeconds(400 * 86_400) }),
      schedule(id, { at: 'next tuesday' }),
      schedule(id, { at: inSeconds(120), queue: true }),
      call(`/api/threads/${id}/schedule`, { method: 'POST', body: { platforms: ['bluesky'], at: inSeconds(120) } }),
      schedule(otherThread.id, { at: inSeconds(120) }),
      schedule('no-such-thread', { at: inSeconds(120) }),
      call('/api/scheduling/queue', {
        method: 'PUT',
        body: { timeZone: 'Europe/Dublin', slots: [{ day: 'mon', time: '25:00' }] },
      }),
      call('/api/scheduling/queue', {
        method: 'PUT',
        body: {
          timeZone: 'Europe/Dublin',
          slots: Array.from({ length: 21 }, (_, n) => ({ day: 'tue', time: `${String(n).padStart(2, '0')}:00` })),
        },
      }),
    ]);

    expect(refusals.map((answer) => [answer.status, answer.body.code])).toEqual([
      [400, 'invalid_request'],
      [400, 'schedule_too_soon'],
      [400, 'schedule_too_far'],
      [400, 'invalid_request'],
      [400, 'invalid_request'],
      [400, 'platform_not_connected'],
      [403, 'thread_access_denied'],
      [404, 'thread_not_found'],
      [400, 'invalid_request'],
      [400, 'invalid_request'],
    ]);
    expect(refusals[0]!.body.error).toContain('Unknown time zone');
    expect(refusals[1]!.body.error).toBe('Choose a time at least 2 seconds from now.');
    expect((await call('/api/scheduled?view=upcoming')).body.items).toHaveLength(before);
  });

  it("answers 404 for another user's item and changes nothing", async () => {
    const { id, marker } = await newThread();
    const mine = await schedule(id, { at: inSeconds(300) });
    const stranger = (await newUser(stack.url, 'stranger')).tokens.idToken;
    const asStranger = (route: string, method: string, body?: unknown) =>
      api(stack.url, route, { token: stranger, method, body });

    const answers = await Promise.all([
      asStranger(`/api/scheduled/${mine.body.itemId}`, 'PUT', { at: inSeconds(600) }),
      asStranger(`/api/scheduled/${mine.body.itemId}`, 'DELETE'),
      asStranger(`/api/scheduled/${mine.body.itemId}/publish-now`, 'POST'),
    ]);

    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
      [404, 'scheduled_item_not_found'],
      [404, 'scheduled_item_not_found'],
      [404, 'scheduled_item_not_found'],
    ]);
    const upcoming = (await call('/api/scheduled?view=upcoming')).body.items;
    expect(upcoming.find((item: { itemId: string }) => item.itemId === mine.body.itemId)).toMatchObject({
      at: mine.body.at,
      status: 'scheduled',
    });
    expect(posted(marker)).toEqual([]);
  });

  it('fires with the link placement chosen when the thread was scheduled, which the thread keeps', async () => {
    const connected = await call('/api/connections/bluesky', {
      method: 'POST',
      body: { handle: bluesky.handle, appPassword: 'abcd-efgh-ijkl-mnop' },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    threadNumber += 1;
    const seeded = seededThread(user.userId, 500 + threadNumber);
    // Long enough for three Bluesky posts, so the first is not the credit post.
    const long = (label: string) => `${label} ${'The harbour wakes before dawn and the boats come in. '.repeat(4)}`;
    const thread = {
      ...seeded,
      posts: [
        { ...seeded.posts[0]!, content: long('Opening.') },
        { ...seeded.posts[1]!, content: long('Middle.') },
        seeded.posts[2]!,
      ],
    };
    await seedThreads(stack, [thread]);
    const before = bluesky.records.length;

    const created = await call(`/api/threads/${thread.id}/schedule`, {
      method: 'POST',
      body: { platforms: ['bluesky'], at: inSeconds(LEAD_SECONDS + 1.5), linkPlacements: { bluesky: 'credit-post' } },
    });

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(`/api/threads/${thread.id}`)).body.linkPlacements).toEqual({ bluesky: 'credit-post' });
    await until(
      'the item to post to Bluesky',
      () => findItem('past', created.body.itemId),
      (item) => item?.outcomes?.[0]?.status === 'completed',
    );
    const records = bluesky.records.slice(before) as { text: string; embed?: { $type: string } }[];
    expect(records.length).toBeGreaterThan(1);
    expect(records.slice(0, -1).every((record) => record.embed === undefined)).toBe(true);
    expect(records.at(-1)?.embed?.$type).toBe('app.bsky.embed.external');
  });
});
