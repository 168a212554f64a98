import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMetaThreads, startMetaThreadsStandIn } from '../../helpers/meta-threads-stand-in';
import { startPublishingPipeline } from '../../helpers/publishing-harness';

// The daily refresh of idle Threads tokens against the local Threads API: connections expiring
// within a week are found through the expiry listing (no Scan), refreshed, or marked needs-reconnect.

const DAY_MS = 86_400_000;
const threads = await startMetaThreadsStandIn();
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { keys, indexes } = await import('#functions/data/keys');
const { getConnection } = await import('#functions/data/connection-repository');
const { storeConnection } = await import('#functions/services/connections/connections');
const { handler } = await import('#functions/schedule/refresh-platform-tokens');

afterAll(async () => {
  await pipeline.stop();
  await threads.close();
});

async function connect(): Promise<string> {
  const { userId, location } = await connectMetaThreads();
  expect(location.searchParams.get('threads_connected')).toBe('true');
  return userId;
}

/** A stored connection whose token Threads never issued (revoked, as far as Threads is concerned). */
async function storeUnknownToken(expiresAt: Date): Promise<string> {
  const userId = `user-${randomUUID()}`;
  await storeConnection(
    userId,
    'threads',
    {
      platformUsername: '@harbour.dana',
      credentials: {
        accessToken: `TH-revoked-${randomUUID()}`,
        refreshToken: null,
        expiresAt: expiresAt.toISOString(),
      },
      connectionData: { userId: '7770007', username: 'harbour.dana' },
    },
    new Date(),
  );
  return userId;
}

const runJob = (now: Date) =>
  handler({ time: now.toISOString() } as ScheduledEvent, {} as Context) as Promise<{
    refreshed: number;
    needsReconnect: number;
    retryLater: number;
  }>;

async function listed(): Promise<string[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.tokenExpiryPartition('threads') },
    }),
  );
  return (result.Items ?? []).map((item) => String(item.userId));
}

describe('the daily refresh of idle Threads tokens', () => {
  it('refreshes tokens that expire within a week, leaves later ones, and marks refused or expired ones needs-reconnect', async () => {
    const idle = [await connect(), await connect()];
    // 54 idle days later, on Threads' clock and ours: six days are left.
    threads.ageTokens(54 * DAY_MS);
    const now = new Date(Date.now() + 54 * DAY_MS);
    // Twenty days left: not due, so never sent to Threads (which would refuse this token).
    const later = await storeUnknownToken(new Date(now.getTime() + 20 * DAY_MS));
    const revoked = await storeUnknownToken(new Date(now.getTime() + 3 * DAY_MS));
    const expired = await storeUnknownToken(new Date(now.getTime() - DAY_MS));
    const before = await Promise.all(idle.map((userId) => getConnection(userId, 'threads')));
    const refreshesBefore = threads.stats.refreshes;

    const summary = await runJob(now);

    expect(summary).toEqual({ refreshed: 2, needsReconnect: 2, retryLater: 0 });
    expect(threads.stats.refreshes - refreshesBefore).toBe(2);
    for (const [index, userId] of idle.entries()) {
      const after = await getConnection(userId, 'threads');
      expect(after?.accessToken).not.toBe(before[index]?.accessToken);
      const left = Date.parse(after?.tokenExpiresAt ?? '') - now.getTime();
      expect(left).toBeGreaterThan(59 * DAY_MS);
      expect(after?.connectionData.needsReconnect).toBeUndefined();
    }
    for (const userId of [revoked, expired]) {
      expect((await getConnection(userId, 'threads'))?.connectionData.needsReconnect).toBe(true);
    }
    expect((await getConnection(later, 'threads'))?.connectionData.needsReconnect).toBeUndefined();
    // The listing moved with the new expiries and dropped the connections that need the user.
    expect((await listed()).sort()).toEqual([...idle, later].sort());

    // The same day again: nothing is due any more.
    expect(await runJob(now)).toEqual({ refreshed: 0, needsReconnect: 0, retryLater: 0 });
    expect(threads.stats.refreshes - refreshesBefore).toBe(2);
  });
});
