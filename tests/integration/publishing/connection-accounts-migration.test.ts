import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { MovedConnection } from '#scripts/migrations/move-connections-to-accounts';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { seedUserBeforeWorkspaces } from '../../helpers/users-before-workspaces';

// The token key and the Telegram stand-in: a moved connection must still open its tokens and post.
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;
const { moveConnectionsToAccounts, describeConnectionAccountsReport } = await import(
  '#scripts/migrations/move-connections-to-accounts'
);
const { db, tableName } = await import('#functions/data/client');
const { keys } = await import('#functions/data/keys');
const { sealToken } = await import('#functions/services/connections/token-vault');
const { listConnections, loadLiveConnection } = await import('#functions/services/connections/connections');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { putThread } = await import('#functions/data/thread-repository');
const { requestPublish } = await import('#functions/services/publishing/publish-thread');

afterAll(() => pipeline.stop());

/**
 * A Telegram connection as it was stored before several accounts: under `CONN#telegram`, no account id,
 * its token sealed bound to the workspace and platform only.
 */
async function putConnectionBeforeAccounts(ownerId: string, chatId: string) {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.legacyPlatformConnection(ownerId, 'telegram'),
        type: 'platformConnection',
        userId: ownerId,
        platform: 'telegram',
        platformUsername: '@snipbot',
        accessToken: await sealToken(TELEGRAM_TOKEN, `${ownerId}#telegram#access`),
        refreshToken: null,
        tokenExpiresAt: null,
        isConnected: true,
        connectionData: { chatId, chatTitle: PUBLIC_CHAT.title },
        updatedAt: '2025-06-01T00:00:00.000Z',
      },
    }),
  );
}

const connectionKeysOf = async (ownerId: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(ownerId), ':prefix': keys.platformConnectionPrefix },
      }),
    )
  ).Items?.map((item) => String(item.sk));

// The walk covers every partition of the table, so each test seeds its own users after the earlier ones.
let seeded = 0;
async function usersWithOldConnections(count: number): Promise<string[]> {
  const users: string[] = [];
  for (let i = 0; i < count; i += 1) {
    seeded += 1;
    const user = await seedUserBeforeWorkspaces(`conn-${String(seeded).padStart(3, '0')}`, seeded, 0);
    await putConnectionBeforeAccounts(user.userId, PUBLIC_CHAT.id);
    users.push(user.userId);
  }
  return users;
}

async function migrate(options: {
  pageSize?: number;
  signal?: AbortSignal;
  onMove?: (moved: MovedConnection) => void;
}) {
  const moves: MovedConnection[] = [];
  const report = await moveConnectionsToAccounts({
    ...options,
    report: (moved) => {
      moves.push(moved);
      options.onMove?.(moved);
    },
  });
  return { report, moves };
}

describe('the connection-accounts migration', () => {
  it("moves each user's and team workspace's connection to its account's key once; the second run moves nothing", async () => {
    const users = await usersWithOldConnections(4);
    const team = await createTeamWorkspace({ userId: users[0]!, email: `${users[0]}@example.com` }, 'Desk', new Date());
    await putConnectionBeforeAccounts(team.id, PUBLIC_CHAT.id);

    const first = await migrate({ pageSize: 3 });
    const second = await migrate({ pageSize: 3 });

    expect(first.report).toMatchObject({ resumed: false, finished: true, run: { moved: 5, alreadyThere: 0 } });
    expect(first.moves.map((move) => move.partitionOwner).sort()).toEqual([...users, team.id].sort());
    expect(second.report).toMatchObject({ finished: true, run: { moved: 0, alreadyThere: 0 } });
    expect(describeConnectionAccountsReport(second.report).join('\n')).toMatch(/0 connection\(s\) moved/);
    for (const owner of [...users, team.id]) {
      expect(await connectionKeysOf(owner)).toEqual([`CONN#telegram#${PUBLIC_CHAT.id}`]);
      const { connections } = await listConnections(owner);
      expect(connections).toEqual([
        expect.objectContaining({ accountId: PUBLIC_CHAT.id, name: PUBLIC_CHAT.title, isConnected: true }),
      ]);
      // The token sealed before the move still opens.
      expect((await loadLiveConnection(owner, 'telegram', new Date()))?.credentials.accessToken).toBe(TELEGRAM_TOKEN);
    }
  });

  it('a moved connection still publishes, to the account it was', async () => {
    const [userId] = await usersWithOldConnections(1);
    await migrate({});
    const thread = makeThread(userId!, ['1/ Boats return before sunrise.']);
    await putThread(thread);
    const start = telegram.messages.length;

    await requestPublish(userId!, thread.id, { platforms: ['telegram'] }, new Date());
    const row = await settle(userId!, thread.id);

    expect(row).toMatchObject({ status: 'completed', accountId: PUBLIC_CHAT.id });
    expect(telegram.messages.slice(start).map((message) => message.chatId)).toEqual([PUBLIC_CHAT.id]);
  });

  it('stopped part way, resumes after the last user it finished and moves the rest', async () => {
    const users = await usersWithOldConnections(5);
    const stop = new AbortController();

    const stopped = await migrate({
      pageSize: 2,
      signal: stop.signal,
      onMove: (moved) => {
        if (moved.partitionOwner === users[1]) stop.abort();
      },
    });
    const resumed = await migrate({ pageSize: 2 });

    expect(stopped.report).toMatchObject({ finished: false, run: { moved: 2 } });
    expect(resumed.report).toMatchObject({ resumed: true, finished: true, run: { moved: 3 }, walk: { moved: 5 } });
    expect(resumed.moves.map((move) => move.partitionOwner)).toEqual(users.slice(2));
    for (const owner of users) expect(await connectionKeysOf(owner)).toEqual([`CONN#telegram#${PUBLIC_CHAT.id}`]);
  });
});
