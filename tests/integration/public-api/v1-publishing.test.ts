import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { expectAnswerMatchesContract, startPublicApiBridge } from '../../helpers/public-api-client';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';

// Publishing through /v1 as a program does it (an API key, through the bridge running the key
// authorizer): the same services as the app's publish and schedule, the publishing queue polled by
// the real worker posting to the local Telegram Bot API, schedules kept by the local scheduler.
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-v1-publishing-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, scheduler.handlerEnv);
const pipeline = await startPublishingPipeline();
process.env.API_KEY_REQUESTS_PER_MINUTE = '1000';
const { putThread } = await import('#functions/data/thread-repository');
const { getPublishRun } = await import('#functions/data/publish-run-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const bridge = await startPublicApiBridge();
const { newUser, app, v1, createKey } = bridge;

afterAll(async () => {
  await bridge.close();
  await scheduler.stop();
  await pipeline.stop();
  rmSync(schedulerDir, { recursive: true, force: true });
});

/** A user with Telegram connected in their personal workspace and a key of the given scopes. */
async function curatorWithTelegram(scopes: Parameters<typeof createKey>[1]) {
  const user = await newUser();
  const { secret } = await createKey(user.token, scopes);
  await connectTelegram(user.userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  return { ...user, secret };
}

async function threadIn(workspaceId: string) {
  const marker = `v1-${randomUUID().slice(0, 8)}`;
  const thread = makeThread(workspaceId, [`${marker}: the first post.`, `${marker}: the second post.`]);
  await putThread(thread);
  return { thread, marker };
}

/** About a day ahead, on a whole minute (a scheduled time keeps whole seconds). */
const tomorrow = () => new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 60_000) * 60_000).toISOString();

describe('POST /v1/threads/{threadId}/publish', () => {
  it('publishes now as the app does: 202 with each platform’s state, then the posts on the platform and their URL in GET …/publishing', async () => {
    const curator = await curatorWithTelegram(['publish', 'read']);
    const { thread, marker } = await threadIn(curator.userId);

    const answer = await v1(`/v1/threads/${thread.id}/publish`, curator.secret, {
      method: 'POST',
      body: { platforms: ['telegram'] },
    });
    const settled = await settle(curator.userId, thread.id, 'telegram');
    const status = await v1(`/v1/threads/${thread.id}/publishing`, curator.secret);
    const statusByApp = await app(curator.token, 'GET', `/api/threads/${thread.id}/publishing`);

    expectAnswerMatchesContract('POST /v1/threads/{threadId}/publish', answer);
    expect(answer.body).toMatchObject({ threadId: thread.id, platforms: [{ platform: 'telegram' }] });
    expect(settled.status).toBe('completed');
    expect(pipeline.telegram.messages.filter((message) => message.text.includes(marker)).length).toBeGreaterThan(0);
    expectAnswerMatchesContract('GET /v1/threads/{threadId}/publishing', status);
    expect(status.body.platforms).toEqual([
      expect.objectContaining({
        platform: 'telegram',
        status: 'completed',
        postUrl: expect.stringContaining('https://t.me/'),
      }),
    ]);
    expect(status.body).toEqual(statusByApp.body);
  });

  it('refuses a bad body (400), a key without publish (403), and another workspace’s thread as the app does', async () => {
    const curator = await curatorWithTelegram(['publish']);
    const reader = await curatorWithTelegram(['read', 'threads:write']);
    const stranger = await curatorWithTelegram(['publish']);
    const { thread } = await threadIn(curator.userId);
    const publish = (secret: string, body: unknown) =>
      v1(`/v1/threads/${thread.id}/publish`, secret, { method: 'POST', body });

    const none = await publish(curator.secret, { platforms: [] });
    const unknown = await publish(curator.secret, { platforms: ['myspace'] });
    const readOnly = await publish(reader.secret, { platforms: ['telegram'] });
    const byKey = await publish(stranger.secret, { platforms: ['telegram'] });
    const byToken = await app(stranger.token, 'POST', `/api/threads/${thread.id}/publish`, { platforms: ['telegram'] });

    expect(none).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(readOnly).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
    expect(byKey.status).toBe(byToken.status);
    expect(byKey.status).toBeGreaterThanOrEqual(403);
    expect(byKey.body).toEqual(byToken.body);
    expect(await getPublishRun(curator.userId, thread.id, 'telegram')).toBeNull();
  });

  it('answers 409 approval_required in a team that needs approval, exactly as the app, and queues nothing', async () => {
    const owner = await newUser();
    // The owner's first request makes their account, as signing in does.
    await app(owner.token, 'GET', '/api/me');
    const team = await createTeamWorkspace({ userId: owner.userId, email: owner.email }, 'Desk', new Date());
    await connectTelegram(team.id, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
    const settings = await app(owner.token, 'PUT', `/api/workspaces/${team.id}/settings`, {
      approval: 'all',
      graceHours: 24,
    });
    const { secret } = await createKey(owner.token, ['publish'], team.id);
    const { thread } = await threadIn(team.id);

    const byKey = await v1(`/v1/threads/${thread.id}/publish`, secret, {
      method: 'POST',
      body: { platforms: ['telegram'] },
    });
    const byToken = await app(
      owner.token,
      'POST',
      `/api/threads/${thread.id}/publish`,
      { platforms: ['telegram'] },
      team.id,
    );

    expect(settings.status).toBe(200);
    expect(byKey).toMatchObject({ status: 409, body: { code: 'approval_required' } });
    expect(byKey.body).toEqual(byToken.body);
    expect(await getPublishRun(team.id, thread.id, 'telegram')).toBeNull();
  });
});

describe('POST /v1/threads/{threadId}/schedule and GET /v1/scheduled', () => {
  it('schedules for a time and into the posting queue, and lists the items as the app does', async () => {
    const curator = await curatorWithTelegram(['publish', 'read']);
    const { thread } = await threadIn(curator.userId);
    const queue = await app(curator.token, 'PUT', '/api/scheduling/queue', {
      timeZone: 'Europe/Dublin',
      slots: [{ day: 'mon', time: '09:00' }],
    });
    const at = tomorrow();

    const timed = await v1(`/v1/threads/${thread.id}/schedule`, curator.secret, {
      method: 'POST',
      body: { platforms: ['telegram'], at, timeZone: 'Europe/Dublin' },
    });
    const queued = await v1(`/v1/threads/${thread.id}/schedule`, curator.secret, {
      method: 'POST',
      body: { platforms: ['telegram'], queue: true },
    });
    const listed = await v1('/v1/scheduled', curator.secret);
    const listedByApp = await app(curator.token, 'GET', '/api/scheduled');

    expect(queue.status).toBe(200);
    expectAnswerMatchesContract('POST /v1/threads/{threadId}/schedule', timed);
    expect(timed.body).toMatchObject({ threadId: thread.id, source: 'time', at, status: 'scheduled' });
    expect(queued.status).toBe(201);
    expect(queued.body).toMatchObject({ threadId: thread.id, source: 'queue', status: 'scheduled' });
    expectAnswerMatchesContract('GET /v1/scheduled', listed);
    expect(listed.body.items.map((item: { itemId: string }) => item.itemId).sort()).toEqual(
      [timed.body.itemId, queued.body.itemId].sort(),
    );
    expect(listed.body).toEqual(listedByApp.body);
  });

  it('refuses a body with neither a time nor the queue (400), a key without publish (403), another workspace’s thread as the app does', async () => {
    const curator = await curatorWithTelegram(['publish']);
    const reader = await curatorWithTelegram(['read']);
    const stranger = await curatorWithTelegram(['publish']);
    const { thread } = await threadIn(curator.userId);
    const body = { platforms: ['telegram'], at: tomorrow() };
    const schedule = (secret: string, sent: unknown) =>
      v1(`/v1/threads/${thread.id}/schedule`, secret, { method: 'POST', body: sent });

    const neither = await schedule(curator.secret, { platforms: ['telegram'] });
    const readOnly = await schedule(reader.secret, body);
    const byKey = await schedule(stranger.secret, body);
    const byToken = await app(stranger.token, 'POST', `/api/threads/${thread.id}/schedule`, body);
    const listed = await v1('/v1/scheduled', reader.secret);

    expect(neither).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(readOnly).toMatchObject({ status: 403, body: { code: 'api_key_scope_missing' } });
    expect(byKey.status).toBe(byToken.status);
    expect(byKey.status).toBeGreaterThanOrEqual(403);
    expect(byKey.body).toEqual(byToken.body);
    expect(listed.body.items).toEqual([]);
  });
});

describe('GET /v1/connections', () => {
  it('lists the connected accounts as the app does, never their tokens', async () => {
    const curator = await curatorWithTelegram(['read']);

    const byKey = await v1('/v1/connections', curator.secret);
    const byToken = await app(curator.token, 'GET', '/api/connections');

    expectAnswerMatchesContract('GET /v1/connections', byKey);
    expect(byKey.body).toEqual(byToken.body);
    expect(JSON.stringify(byKey.body)).toContain(PUBLIC_CHAT.title);
    expect(JSON.stringify(byKey.body)).not.toContain(TELEGRAM_TOKEN);
  });
});
