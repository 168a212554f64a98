import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PlatformAdapter } from '#functions/services/platforms/platform-adapter';
import type { Platform } from '#shared/schemas/thread';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { callRoute } from '../../helpers/route-call';
import { seededThread } from '../../helpers/seed-threads';

// A test-only adapter: Telegram, plus a target choice among the chats its connection lists, like
// Discord's channels. It is registered for this file only; `plain` switches back to Telegram as shipped.
const registry = vi.hoisted(() => ({ plain: false }));
vi.mock('#functions/services/platforms/adapters', async (importOriginal) => {
  const original = await importOriginal<typeof import('#functions/services/platforms/adapters')>();
  const telegram = original.adapterFor('telegram');
  const listed = (data: Record<string, unknown>) => (data.chats as { id: string }[] | undefined) ?? [];
  const withTargets: PlatformAdapter = {
    ...telegram,
    connect: async (input) => {
      const live = await telegram.connect(input);
      return {
        ...live,
        connectionData: { ...live.connectionData, chats: [{ id: 'announcements' }, { id: 'digest' }] },
      };
    },
    targetSelection: {
      select: ({ connectionData }, targetId) =>
        listed(connectionData).some((chat) => chat.id === targetId) ? { selectedChat: targetId } : null,
      selected: ({ connectionData }) =>
        typeof connectionData.selectedChat === 'string' ? connectionData.selectedChat : null,
      requiredMessage: 'Chat Required',
    },
  };
  return {
    ...original,
    adapterFor: (platform: Platform) =>
      platform === 'telegram' && !registry.plain ? withTargets : original.adapterFor(platform),
  };
});

const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { putThread } = await import('#functions/data/thread-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const putTarget = (await import('#functions/http/connections/put-connection-target')).handler;
const postPublish = (await import('#functions/http/publishing/post-publish')).handler;
const getConnections = (await import('#functions/http/connections/get-connections')).handler;

afterAll(() => pipeline.stop());

async function connectedUserWithThread() {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  const thread = seededThread(userId, 1);
  await putThread(thread);
  return { userId, threadId: thread.id };
}

const choose = (userId: string, targetId: unknown, platform = 'telegram') =>
  callRoute(putTarget, { userId }, { params: { platform }, body: { targetId } }, { method: 'PUT' });

const publish = (userId: string, threadId: string) =>
  callRoute(
    postPublish,
    { userId },
    { params: { threadId }, body: { platforms: ['telegram'], origin: 'panel' } },
    { method: 'POST' },
  );

describe('PUT /api/connections/{platform}/target', () => {
  it('records a target from the connection’s own list and shows it in the connection list', async () => {
    const { userId } = await connectedUserWithThread();
    const answer = await choose(userId, 'digest');
    expect(answer.status).toBe(200);
    expect(answer.body.connectionData).toMatchObject({ selectedChat: 'digest', chatId: PUBLIC_CHAT.id });
    const listed = await callRoute(getConnections, { userId });
    expect(listed.body.connections[0].connectionData.selectedChat).toBe('digest');
  });

  it('refuses an id not in the list, a missing id, and an unconnected user, changing nothing', async () => {
    const { userId } = await connectedUserWithThread();
    expect(await choose(userId, 'elsewhere')).toMatchObject({ status: 400, body: { code: 'target_not_found' } });
    expect(await choose(userId, '')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await choose(`user-${randomUUID()}`, 'digest')).toMatchObject({
      status: 400,
      body: { code: 'platform_not_connected' },
    });
    expect(await choose(userId, 'digest', 'myspace')).toMatchObject({ status: 400 });
    const listed = await callRoute(getConnections, { userId });
    expect(listed.body.connections[0].connectionData).not.toHaveProperty('selectedChat');
  });

  it('refuses a platform that posts where it is connected (no targets to choose)', async () => {
    const { userId } = await connectedUserWithThread();
    registry.plain = true;
    try {
      expect(await choose(userId, 'digest')).toMatchObject({ status: 400, body: { code: 'platform_has_no_targets' } });
    } finally {
      registry.plain = false;
    }
  });
});

describe('publishing a platform that needs a target', () => {
  it('refuses with the platform’s required message and queues nothing until a target is chosen', async () => {
    const { userId, threadId } = await connectedUserWithThread();
    const refused = await publish(userId, threadId);
    expect(refused).toMatchObject({ status: 400, body: { code: 'target_required', error: 'Chat Required' } });
    expect((await getPublishStatus(userId, threadId, new Date())).platforms).toEqual([]);

    await choose(userId, 'announcements');
    const start = telegram.messages.length;
    const accepted = await publish(userId, threadId);
    expect(accepted.status).toBe(202);
    await vi.waitFor(
      async () => {
        const [row] = (await getPublishStatus(userId, threadId, new Date())).platforms;
        expect(row?.status).toBe('completed');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(telegram.messages.slice(start).at(-1)?.text).toContain('Read original article at:');
  });
});
