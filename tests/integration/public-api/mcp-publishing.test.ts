import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { callTool, connectMcp } from '../../helpers/mcp-client';
import { startPublicApiBridge } from '../../helpers/public-api-client';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';

// The MCP tools that publish, as an assistant calls them over /mcp with a key: the same services as
// /v1's publish and schedule, the publishing queue polled by the real worker posting to the local
// Telegram Bot API, schedules kept by the local scheduler.
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-mcp-publishing-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, scheduler.handlerEnv);
const pipeline = await startPublishingPipeline();
process.env.API_KEY_REQUESTS_PER_MINUTE = '1000';
const { putThread } = await import('#functions/data/thread-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const bridge = await startPublicApiBridge();
const { newUser, app, createKey, baseUrl } = bridge;

afterAll(async () => {
  await bridge.close();
  await scheduler.stop();
  await pipeline.stop();
  rmSync(schedulerDir, { recursive: true, force: true });
});

async function curatorWithTelegram() {
  const user = await newUser();
  const { secret } = await createKey(user.token, ['read', 'publish']);
  await connectTelegram(user.userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  const marker = `mcp-${bridge.counter}-${Date.now()}`;
  const thread = makeThread(user.userId, [`${marker}: the first post.`, `${marker}: the second post.`]);
  await putThread(thread);
  return { ...user, thread, marker, client: await connectMcp(baseUrl, secret) };
}

/** About a day ahead, on a whole minute (a scheduled time keeps whole seconds). */
const tomorrow = () => new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 60_000) * 60_000).toISOString();

describe('the MCP publishing tools', () => {
  it('publish_thread posts the thread to Telegram now', async () => {
    const { client, thread, marker, userId } = await curatorWithTelegram();

    const answer = await callTool(client, 'publish_thread', { threadId: thread.id, platforms: ['telegram'] });
    const settled = await settle(userId, thread.id, 'telegram');

    expect(answer.isError).toBe(false);
    expect(answer.data).toMatchObject({ threadId: thread.id, platforms: [{ platform: 'telegram' }] });
    expect(settled.status).toBe('completed');
    expect(pipeline.telegram.messages.filter((message) => message.text.includes(marker)).length).toBeGreaterThan(0);
    await client.close();
  });

  it('schedule_thread schedules for a time and add_to_queue takes the next queue slot, both listed as the app lists them', async () => {
    const { client, thread, token } = await curatorWithTelegram();
    await app(token, 'PUT', '/api/scheduling/queue', {
      timeZone: 'Europe/Dublin',
      slots: [{ day: 'mon', time: '09:00' }],
    });
    const at = tomorrow();

    const timed = await callTool(client, 'schedule_thread', {
      threadId: thread.id,
      platforms: ['telegram'],
      at,
      timeZone: 'Europe/Dublin',
    });
    const queued = await callTool(client, 'add_to_queue', { threadId: thread.id, platforms: ['telegram'] });
    const past = await callTool(client, 'schedule_thread', {
      threadId: thread.id,
      platforms: ['telegram'],
      at: '2020-01-01T09:00:00Z',
    });
    const listed = await app(token, 'GET', '/api/scheduled');

    expect(timed.data).toMatchObject({ threadId: thread.id, source: 'time', at, status: 'scheduled' });
    expect(queued.data).toMatchObject({ threadId: thread.id, source: 'queue', status: 'scheduled' });
    expect(past.isError).toBe(true);
    expect(past.text).toBe('schedule_too_soon: Choose a time at least 1 minute from now.');
    expect(listed.body.items.map((item: { itemId: string }) => item.itemId).sort()).toEqual(
      [timed.data.itemId, queued.data.itemId].sort(),
    );
    await client.close();
  });
});
