import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchDeleteItems, batchGetItems, db, tableName } from './client';
import { type ItemKey, itemTypes, keys } from './keys';
import { addToTotals, type PlatformTotals } from './stats-repository';
import { TTL_ATTRIBUTE } from './table-definition';

/** A deleted account's tombstone: when its deletion started and, once done, when it finished. */
export interface AccountTombstone {
  requestedAt: string;
  finishedAt: string | null;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Lays the tombstone of an account whose deletion starts (a rerun keeps the first start time); from
 * then on the account's tokens are refused and nothing acts for it, until `expiresAt`.
 */
export async function layAccountTombstone(userId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.accountTombstone(userId),
      UpdateExpression:
        'SET #type = :type, userId = :userId, requestedAt = if_not_exists(requestedAt, :now), #ttl = :ttl',
      ExpressionAttributeNames: { '#type': 'type', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':type': itemTypes.accountTombstone,
        ':userId': userId,
        ':now': now.toISOString(),
        ':ttl': epochSeconds(expiresAt),
      },
    }),
  );
}

/** Records that the deletion finished; the tombstone now lasts until `expiresAt`. */
export async function finishAccountTombstone(userId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.accountTombstone(userId),
      UpdateExpression: 'SET finishedAt = :now, #ttl = :ttl',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':ttl': epochSeconds(expiresAt) },
    }),
  );
}

/**
 * The account's tombstone while it holds (one consistent GetItem). DynamoDB's TTL removes expired
 * items only eventually, and dynalite not at all, so the expiry is compared here.
 */
export async function findAccountTombstone(userId: string, now: Date): Promise<AccountTombstone | null> {
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.accountTombstone(userId), ConsistentRead: true }),
  );
  return tombstoneOf(item, now);
}

/** Which of these accounts are deleted or being deleted (tombstones held), in BatchGetItems of 100. */
export async function findAccountsWithTombstones(userIds: string[], now: Date): Promise<Set<string>> {
  const found = await batchGetItems(userIds.map(keys.accountTombstone), { consistentRead: true });
  return new Set(found.filter((item) => tombstoneOf(item, now)).map((item) => String(item.userId)));
}

function tombstoneOf(item: Record<string, unknown> | undefined, now: Date): AccountTombstone | null {
  if (!item || Number(item[TTL_ATTRIBUTE]) <= epochSeconds(now)) return null;
  return { requestedAt: String(item.requestedAt), finishedAt: item.finishedAt ? String(item.finishedAt) : null };
}

/**
 * The account's tombstone while it holds, and other items of the table, in one consistent
 * BatchGetItem: the deleted-account check and a route's first read in one round trip. `items` are
 * in the order of `itemKeys` (undefined: no such item).
 */
export async function findAccountTombstoneWithItems(
  userId: string,
  now: Date,
  itemKeys: ItemKey[],
): Promise<{ tombstone: AccountTombstone | null; items: (Record<string, unknown> | undefined)[] }> {
  const tombstoneKey = keys.accountTombstone(userId);
  const found = await batchGetItems([tombstoneKey, ...itemKeys], { consistentRead: true });
  const find = (key: ItemKey) => found.find((item) => item.pk === key.pk && item.sk === key.sk);
  return { tombstone: tombstoneOf(find(tombstoneKey), now), items: itemKeys.map(find) };
}

/** Deletes every item of a user's partition whose sort key starts with `prefix` (or equals it). */
export function deleteUserItems(userId: string, prefix: string): Promise<number> {
  return deletePartitionItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
  });
}

/** Deletes every item of a user's partition but those whose sort keys are `kept` (whatever kinds it holds). */
export function deleteUserItemsExcept(userId: string, kept: readonly string[]): Promise<number> {
  return deletePartitionItems(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(userId) } },
    new Set(kept),
  );
}

async function deletePartitionItems(
  query: { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, string> },
  kept = new Set<string>(),
): Promise<number> {
  let deleted = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        ...query,
        ProjectionExpression: 'pk, sk, transactionType, amount',
        ExclusiveStartKey: cursor,
        ConsistentRead: true,
      }),
    );
    const items = (page.Items ?? []).filter((item) => !kept.has(String(item.sk)));
    const itemKeys = items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
    await batchDeleteItems(itemKeys);
    await addToTotals(totalsRemoved(items));
    deleted += itemKeys.length;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return deleted;
}

/** What deleting these items takes off the platform totals (users, threads and their engagement, ledger entries, purchases). */
function totalsRemoved(items: Record<string, unknown>[]): Partial<PlatformTotals> {
  const removed = { users: 0, threads: 0, transactions: 0, creditsPurchased: 0, engagement: 0, threadsWithReadings: 0 };
  for (const item of items) {
    const sk = String(item.sk);
    if (sk === 'PROFILE') removed.users -= 1;
    else if (sk.startsWith(keys.threadPrefix)) {
      removed.threads -= 1;
      if (typeof item.engagement === 'number') {
        removed.engagement -= item.engagement;
        removed.threadsWithReadings -= 1;
      }
    } else if (sk.startsWith(keys.creditTransactionPrefix)) {
      removed.transactions -= 1;
      if (item.transactionType === 'purchase') removed.creditsPurchased -= Number(item.amount ?? 0);
    }
  }
  return removed;
}

/** Counts the items left in a user's partition (used to prove a deletion finished). */
export async function countUserItems(userId: string): Promise<number> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
      Select: 'COUNT',
      ConsistentRead: true,
    }),
  );
  return result.Count ?? 0;
}
