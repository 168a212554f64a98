import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
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

/** The platform totals (zeros before anything happened). */
export async function getTotals(): Promise<PlatformTotals> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.counter('TOTALS'), ConsistentRead: true }),
  );
  const item = result.Item ?? {};
  return {
    users: Number(item.users ?? 0),
    threads: Number(item.threads ?? 0),
    transactions: Number(item.transactions ?? 0),
    creditsPurchased: Number(item.creditsPurchased ?? 0),
    engagement: Number(item.engagement ?? 0),
    threadsWithReadings: Number(item.threadsWithReadings ?? 0),
  };
}
