import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { keys } from './keys';

/** The platform totals the admin dashboard shows, kept by atomic ADD next to each write. */
export interface PlatformTotals {
  users: number;
  threads: number;
  transactions: number;
  creditsPurchased: number;
  /** Engagement read back across every user's threads (each thread's latest total). */
  engagement: number;
  threadsWithReadings: number;
}

const TOTAL_NAMES = [
  'users',
  'threads',
  'transactions',
  'creditsPurchased',
  'engagement',
  'threadsWithReadings',
] as const;

/** Adds to the platform totals in one atomic update (zero deltas are skipped). */
export async function addToTotals(deltas: Partial<PlatformTotals>): Promise<void> {
  const changes = TOTAL_NAMES.filter((name) => (deltas[name] ?? 0) !== 0);
  if (changes.length === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter('TOTALS'),
      UpdateExpression: `ADD ${changes.map((name) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(changes.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(changes.map((name) => [`:${name}`, deltas[name]])),
    }),
  );
}

/**
 * Shards of the engagement totals: each keeps, per thread, the last rollup version it added (about
 * 45 bytes a thread), so 100 shards hold some 800,000 threads; one paged Query sums them.
 */
const ENGAGEMENT_TOTALS_SHARDS = 100;

function shardOf(threadId: string): number {
  return createHash('sha1').update(threadId).digest().readUInt32BE(0) % ENGAGEMENT_TOTALS_SHARDS;
}

/**
 * Adds one thread rollup's change to the engagement totals exactly once: the thread's shard records
 * the rollup's version in the same write and refuses a version it already took (a redelivery, or two
 * readings settling the same rollup). False when that rollup was already added.
 */
export async function addEngagementToTotalsOnce(
  threadId: string,
  version: number,
  deltas: Pick<PlatformTotals, 'engagement' | 'threadsWithReadings'>,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.engagementTotalsShard(shardOf(threadId)),
        UpdateExpression: 'SET #applied = :version ADD engagement :engagement, threadsWithReadings :threads',
        ConditionExpression: 'attribute_not_exists(#applied) OR #applied < :version',
        ExpressionAttributeNames: { '#applied': `applied#${threadId}` },
        ExpressionAttributeValues: {
          ':version': version,
          ':engagement': deltas.engagement,
          ':threads': deltas.threadsWithReadings,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The platform totals (zeros before anything happened): `TOTALS` and the engagement shards, one Query. */
export async function getTotals(): Promise<PlatformTotals> {
  const totals = Object.fromEntries(TOTAL_NAMES.map((name) => [name, 0])) as unknown as PlatformTotals;
  // Paged: big shards can fill a 1 MB page before the projection.
  const items = queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :totals)',
    ExpressionAttributeValues: { ':pk': keys.statsPartition, ':totals': keys.totalsPrefix },
    // The shards' per-thread versions stay behind: only the sums are read.
    ProjectionExpression: TOTAL_NAMES.map((name) => `#${name}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(TOTAL_NAMES.map((name) => [`#${name}`, name])),
    ConsistentRead: true,
  });
  for await (const item of items) {
    for (const name of TOTAL_NAMES) totals[name] += Number(item[name] ?? 0);
  }
  return totals;
}
