import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { type ItemKey, itemTypes, keys } from './keys';
import { addToTotals, type PlatformTotals } from './stats-repository';

/** Marks an account as being deleted (kept until the very last step). */
export async function markAccountDeletion(userId: string, now: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.accountDeletion(userId), type: itemTypes.accountDeletion, userId, requestedAt: now },
    }),
  );
}

/** True while an account's deletion has started but not finished. */
export async function isAccountBeingDeleted(userId: string): Promise<boolean> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.accountDeletion(userId), ConsistentRead: true }),
  );
  return Boolean(result.Item);
}

export async function clearAccountDeletionMark(userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.accountDeletion(userId) }));
}

/** Deletes every item of a user's partition whose sort key starts with `prefix` (or equals it). */
export async function deleteUserItems(userId: string, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
        ProjectionExpression: 'pk, sk, transactionType, amount',
        ExclusiveStartKey: cursor,
        ConsistentRead: true,
      }),
    );
    const items = page.Items ?? [];
    const itemKeys = items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
    for (let start = 0; start < itemKeys.length; start += 25) {
      await batchDelete(itemKeys.slice(start, start + 25));
    }
    await addToTotals(totalsRemoved(items));
    deleted += itemKeys.length;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return deleted;
}

/** What deleting these items takes off the platform totals (users, threads, ledger entries, purchases). */
function totalsRemoved(items: Record<string, unknown>[]): Partial<PlatformTotals> {
  const removed = { users: 0, threads: 0, transactions: 0, creditsPurchased: 0 };
  for (const item of items) {
    const sk = String(item.sk);
    if (sk === 'PROFILE') removed.users -= 1;
    else if (sk.startsWith(keys.threadPrefix)) removed.threads -= 1;
    else if (sk.startsWith(keys.creditTransactionPrefix)) {
      removed.transactions -= 1;
      if (item.transactionType === 'purchase') removed.creditsPurchased -= Number(item.amount ?? 0);
    }
  }
  return removed;
}

async function batchDelete(itemKeys: ItemKey[]): Promise<void> {
  let pending = itemKeys.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
  for (let attempt = 0; pending.length && attempt < 8; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
  if (pending.length) throw new Error('DynamoDB left deletes unprocessed after retries');
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
