import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CreditsRecord, toCreditsRecord } from './account-repository';
import { db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';

export type ChargeOutcome = 'charged' | 'already-charged' | 'insufficient';

export interface LedgerEntry {
  id: string;
  userId: string;
  type: 'purchase' | 'usage' | 'free_monthly';
  /** Positive adds, negative spends. */
  amount: number;
  description: string;
  createdAt: string;
  threadId?: string;
  stripePaymentIntentId?: string;
}

/** Reads a balance (strongly consistent). */
export async function getCredits(userId: string): Promise<CreditsRecord | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.credits(userId), ConsistentRead: true }),
  );
  return result.Item ? toCreditsRecord(userId, result.Item) : null;
}

/**
 * Resets free credits to the daily allowance if they were last refreshed before `today`
 * (no stacking). Conditional, so the midnight job and a first use after midnight never both apply.
 * Returns true when this call did the refresh.
 */
export async function refreshFreeCreditsIfStale(userId: string, today: string): Promise<boolean> {
  const listing = keys.creditsByResetDate(today, userId);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(userId),
        UpdateExpression:
          'SET freeCredits = dailyAllowance, lastRefreshDate = :today, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND lastRefreshDate < :today',
        ExpressionAttributeValues: { ':today': today, ':gsi1pk': listing.gsi1pk, ':gsi1sk': listing.gsi1sk },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Changes the free allowance (role change); free credits rise at once to an admin's allowance. */
export async function setDailyAllowance(userId: string, allowance: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.credits(userId),
      UpdateExpression: 'SET dailyAllowance = :allowance, freeCredits = :allowance',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':allowance': allowance },
    }),
  );
}

/**
 * Takes one credit for a thread: free before paid, never below zero, once per thread id.
 * Each attempt is one conditional update that also records the thread id it paid for, so
 * concurrent charges cannot overspend and a retried charge for the same thread is a no-op.
 */
export async function consumeCreditForThread(userId: string, threadId: string): Promise<ChargeOutcome> {
  for (const pocket of ['freeCredits', 'paidCredits'] as const) {
    const spendsPaid = pocket === 'paidCredits';
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.credits(userId),
          UpdateExpression: `SET #pocket = #pocket - :one, usedCredits = usedCredits + :one ADD chargedThreadIds :thread`,
          // Paid credits are only touched once no free credit is left.
          ConditionExpression: spendsPaid
            ? 'freeCredits <= :zero AND paidCredits >= :one AND NOT contains(chargedThreadIds, :threadId)'
            : 'freeCredits >= :one AND NOT contains(chargedThreadIds, :threadId)',
          ExpressionAttributeNames: { '#pocket': pocket },
          ExpressionAttributeValues: {
            ':one': 1,
            ...(spendsPaid ? { ':zero': 0 } : {}),
            ':thread': new Set([threadId]),
            ':threadId': threadId,
          },
        }),
      );
      return 'charged';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  const current = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.credits(userId), ConsistentRead: true }),
  );
  const charged = current.Item?.chargedThreadIds as Set<string> | undefined;
  return charged?.has(threadId) ? 'already-charged' : 'insufficient';
}

/** Forgets a settled charge marker so the balance item stays small; the ledger keeps the record. */
export async function clearChargeMarker(userId: string, threadId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.credits(userId),
      UpdateExpression: 'DELETE chargedThreadIds :thread',
      ExpressionAttributeValues: { ':thread': new Set([threadId]) },
    }),
  );
}

/** Writes a ledger entry; the id is stable per event, so a repeat overwrites the same item. */
export async function recordLedgerEntry(entry: LedgerEntry): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.creditTransaction(entry.userId, entry.createdAt, entry.id),
        ...keys.transactionListing(entry.createdAt, entry.id),
        type: itemTypes.creditTransaction,
        transactionType: entry.type,
        ...omitType(entry),
      },
    }),
  );
}

function omitType(entry: LedgerEntry): Omit<LedgerEntry, 'type'> {
  const { type: _type, ...rest } = entry;
  return rest;
}

/** A user's ledger, newest first. */
export async function listLedgerForUser(userId: string, limit = 100): Promise<LedgerEntry[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.creditTransactionPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    id: item.id,
    userId: item.userId,
    type: item.transactionType,
    amount: item.amount,
    description: item.description,
    createdAt: item.createdAt,
    threadId: item.threadId,
    stripePaymentIntentId: item.stripePaymentIntentId,
  }));
}

/** User ids whose free credits were last refreshed on `date` (the midnight job's work list). */
export async function* listUserIdsRefreshedOn(date: string): AsyncGenerator<string> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: indexes.byGsi1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.creditsResetDatePartition(date) },
        ProjectionExpression: 'userId',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) yield String(item.userId);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}
