import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHAT, SECOND_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

// Two Telegram channels of one workspace are two accounts (a Telegram account's id is its chat id).
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { putThread } = await import('#functions/data/thread-repository');
const { connectTelegram, listConnections } = await import('#functions/services/connections/connections');
const { getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const { listPublishRunsForThread } = await import('#functions/data/publish-run-repository');
const postPublish = (await import('#functions/http/publishing/post-publish')).handler;
const getStatus = (await import('#functions/http/publishing/get-publish-status')).handler;
const patchAccount = (await import('#functions/http/connections/patch-connection-account')).handler;
const deleteAccount = (await import('#functions/http/connections/delete-connection-account')).handler;

afterAll(() => pipeline.stop());

/** A workspace with both channels connected, the first one first. */
async function workspaceWithTwoChannels(): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: SECOND_CHAT.id }, new Date());
  return userId;
}

const publish = (userId: string, threadId: string, body: unknown) =>
  callRoute(postPublish, { userId }, { params: { threadId }, body }, { method: 'POST' });

const messagesTo = (chatId: string, since: number) =>
  telegram.messages.slice(since).filter((message) => message.chatId === chatId);

describe('several accounts on one platform', () => {
  it('adds a second account beside the first, and connecting the same one again replaces it (keeping its name)', async () => {
    const userId = await workspaceWithTwoChannels();
    const renamed = await callRoute(
      patchAccount,
      { userId },
      { params: { platform: 'telegram', accountId: SECOND_CHAT.id }, body: { name: 'Harbour desk' } },
      { method: 'PATCH' },
    );
    await connectTelegram(userId, { botToken: TELEGRAM_TOKEN, chatId: SECOND_CHAT.id }, new Date());

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ accountId: SECOND_CHAT.id, name: 'Harbour desk' });
    const { connections } = await listConnections(userId);
    expect(connections.map(({ accountId, name, isConnected }) => ({ accountId, name, isConnected }))).toEqual([
      { accountId: PUBLIC_CHAT.id, name: PUBLIC_CHAT.title, isConnected: true },
      { accountId: SECOND_CHAT.id, name: 'Harbour desk', isConnected: true },
    ]);
  });

  it('refuses a blank name with a 400 and an account not connected with a 404, changing nothing', async () => {
    const userId = await workspaceWithTwoChannels();

    const blank = await callRoute(
      patchAccount,
      { userId },
      { params: { platform: 'telegram', accountId: SECOND_CHAT.id }, body: { name: '  ' } },
      { method: 'PATCH' },
    );
    const unknown = await callRoute(
      patchAccount,
      { userId },
      { params: { platform: 'telegram', accountId: '-1999' }, body: { name: 'Nobody' } },
      { method: 'PATCH' },
    );

    expect(blank.status).toBe(400);
    expect(blank.body.error).toContain('Give the account a name');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'account_not_found' });
    expect((await listConnections(userId)).connections.map((connection) => connection.name)).toEqual([
      PUBLIC_CHAT.title,
      SECOND_CHAT.title,
    ]);
  });

  it('refuses a publish that names no account when two are connected, queueing nothing', async () => {
    const userId = await workspaceWithTwoChannels();
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);

    const answer = await publish(userId, thread.id, { platforms: ['telegram'] });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'account_choice_required' });
    expect(answer.body.error).toBe('This workspace has several Telegram accounts. Choose which one to post to.');
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
  });

  it('posts to the second account only when it is chosen: the first channel gets nothing', async () => {
    const userId = await workspaceWithTwoChannels();
    const thread = makeThread(userId, ['1/ Boats return before sunrise.']);
    await putThread(thread);
    const start = telegram.messages.length;

    const answer = await publish(userId, thread.id, {
      platforms: ['telegram'],
      accounts: { telegram: [SECOND_CHAT.id] },
    });
    const row = await settle(userId, thread.id);

    expect(answer.status).toBe(202);
    expect(row).toMatchObject({ accountId: SECOND_CHAT.id, status: 'completed' });
    expect(row.postUrl).toMatch(/^https:\/\/t\.me\/harbournotes\//);
    expect(messagesTo(SECOND_CHAT.id, start)).toHaveLength(1);
    expect(messagesTo(PUBLIC_CHAT.id, start)).toEqual([]);
  });

  it('makes one run per chosen account: publishing to both posts to each channel once', async () => {
    const userId = await workspaceWithTwoChannels();
    const thread = makeThread(userId, ['1/ Buyers bid on the catch.']);
    await putThread(thread);
    const start = telegram.messages.length;

    await publish(userId, thread.id, {
      platforms: ['telegram'],
      accounts: { telegram: [PUBLIC_CHAT.id, SECOND_CHAT.id] },
    });
    for (;;) {
      const runs = await listPublishRunsForThread(userId, thread.id);
      if (runs.length === 2 && runs.every((run) => run.status === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const runs = await listPublishRunsForThread(userId, thread.id);
    expect(runs.map((run) => run.accountId).sort()).toEqual([PUBLIC_CHAT.id, SECOND_CHAT.id].sort());
    expect(messagesTo(PUBLIC_CHAT.id, start)).toHaveLength(1);
    expect(messagesTo(SECOND_CHAT.id, start)).toHaveLength(1);
  });

  it('answers the live status with one row per account, each naming its account (id and name)', async () => {
    const userId = await workspaceWithTwoChannels();
    await callRoute(
      patchAccount,
      { userId },
      { params: { platform: 'telegram', accountId: SECOND_CHAT.id }, body: { name: 'Harbour desk' } },
      { method: 'PATCH' },
    );
    const thread = makeThread(userId, ['1/ Nets dry on the quay.']);
    await putThread(thread);

    await publish(userId, thread.id, {
      platforms: ['telegram'],
      accounts: { telegram: [PUBLIC_CHAT.id, SECOND_CHAT.id] },
    });
    let status = await callRoute(getStatus, { userId }, { params: { threadId: thread.id } });
    while (!status.body.platforms.every((row: { status: string }) => row.status === 'completed')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await callRoute(getStatus, { userId }, { params: { threadId: thread.id } });
    }

    expect(status.status).toBe(200);
    const rows = status.body.platforms.map(
      ({ platform, accountId, accountName }: { platform: string; accountId: string; accountName: string }) => ({
        platform,
        accountId,
        accountName,
      }),
    );
    expect(
      rows.sort((a: { accountId: string }, b: { accountId: string }) => a.accountId.localeCompare(b.accountId)),
    ).toEqual(
      [
        { platform: 'telegram', accountId: PUBLIC_CHAT.id, accountName: PUBLIC_CHAT.title },
        { platform: 'telegram', accountId: SECOND_CHAT.id, accountName: 'Harbour desk' },
      ].sort((a, b) => a.accountId.localeCompare(b.accountId)),
    );
  });

  it('refuses a chosen account the workspace did not connect with a 404', async () => {
    const userId = await workspaceWithTwoChannels();
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);

    const answer = await publish(userId, thread.id, { platforms: ['telegram'], accounts: { telegram: ['-1999'] } });

    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'account_not_found' });
  });

  it('disconnects one account on its own: the other still posts, and is then the only one (no choice needed)', async () => {
    const userId = await workspaceWithTwoChannels();
    const thread = makeThread(userId, ['A short post.']);
    await putThread(thread);
    const start = telegram.messages.length;

    const gone = await callRoute(
      deleteAccount,
      { userId },
      { params: { platform: 'telegram', accountId: PUBLIC_CHAT.id } },
      { method: 'DELETE' },
    );
    const answer = await publish(userId, thread.id, { platforms: ['telegram'] });
    const row = await settle(userId, thread.id);

    expect(gone.status).toBe(204);
    const { connections } = await listConnections(userId);
    expect(connections.map(({ accountId, isConnected }) => ({ accountId, isConnected }))).toEqual([
      { accountId: PUBLIC_CHAT.id, isConnected: false },
      { accountId: SECOND_CHAT.id, isConnected: true },
    ]);
    expect(answer.status).toBe(202);
    expect(row).toMatchObject({ accountId: SECOND_CHAT.id, status: 'completed' });
    expect(messagesTo(PUBLIC_CHAT.id, start)).toEqual([]);
  });
});
