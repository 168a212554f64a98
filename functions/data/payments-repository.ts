import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditPackage } from '../../shared/schemas/credits';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { recordLedgerEntry } from './credits-repository';
import { indexes, itemTypes, keys } from './keys';

/** Every package, active or not, ordered by sortOrder. */
export async function listCreditPackages(): Promise<CreditPackage[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.creditPackagesPartition },
    }),
  );
  return (result.Items ?? [])
    .map((item) => ({
      id: String(item.id),
      name: String(item.name),
      credits: Number(item.credits),
      priceCents: Number(item.priceCents),
      isActive: Boolean(item.isActive),
      sortOrder: Number(item.sortOrder),
    }))
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

/** Writes each package unless one with its id exists (first start seeds, later starts keep edits). */
export async function seedCreditPackagesIfMissing(packages: readonly CreditPackage[]): Promise<void> {
  for (const pkg of packages) {
    try {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.creditPackage(pkg.id), type: itemTypes.creditPackage, ...pkg },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** A local test checkout as `POST /api/credits/checkout` issued it: what its completion may grant. */
export interface TestCheckoutSession {
  sessionId: string;
  userId: string;
  packageId: string;
  credits: number;
  createdAt: string;
}

/** Records a test checkout issued to a user (its session id is fresh, so nothing is overwritten). */
export async function saveTestCheckoutSession(session: TestCheckoutSession): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.testCheckoutSession(session.userId, session.sessionId),
        type: itemTypes.testCheckoutSession,
        ...session,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The test checkout issued to this user under this id, or null (made up, or another user's). */
export async function getTestCheckoutSession(userId: string, sessionId: string): Promise<TestCheckoutSession | null> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.testCheckoutSession(userId, sessionId),
      ConsistentRead: true,
    }),
  );
  if (!result.Item) return null;
  const { packageId, credits, createdAt } = result.Item;
  return { sessionId, userId, packageId: String(packageId), credits: Number(credits), createdAt: String(createdAt) };
}

/** A paid Checkout Session, as every fulfilment path (webhook, return page, test checkout) sees it. */
export interface PaidSession {
  sessionId: string;
  userId: string;
  packageId: string;
  credits: number;
  paymentIntentId?: string;
}

export interface Fulfilment {
  sessionId: string;
  /** Null once the paying account was deleted. */
  userId: string | null;
  packageId: string;
  credits: number;
  createdAt: string;
}

/** The recorded fulfilment of a session, or null when none has started. */
export async function getFulfilment(sessionId: string): Promise<Fulfilment | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.checkoutFulfilment(sessionId), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  const { userId, packageId, credits, createdAt } = result.Item;
  // A fulfilment detached from a deleted account belongs to no one.
  return { sessionId, userId: userId ?? null, packageId, credits, createdAt };
}

/**
 * Account deletion: the user's fulfilment records stay (accounting records keyed by the Checkout
 * Session, and what makes a late or replayed delivery of a session add nothing) but lose the user id
 * and the index keys that name the user. Safe to repeat. Returns how many were detached.
 */
export async function detachFulfilmentsFromUser(userId: string, now: string): Promise<number> {
  let detached = 0;
  for await (const item of queryAllPages({
    IndexName: indexes.byGsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.fulfilmentsOfUserPartition(userId) },
    ProjectionExpression: 'sessionId',
  })) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.checkoutFulfilment(String(item.sessionId)),
          UpdateExpression: 'REMOVE userId, gsi1pk, gsi1sk SET accountDeletedAt = :now',
          ConditionExpression: 'userId = :userId',
          ExpressionAttributeValues: { ':userId': userId, ':now': now },
        }),
      );
      detached++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return detached;
}

/**
 * Adds a paid session's credits exactly once, however many deliveries race or repeat. Three
 * single-item writes, each safe to repeat, so a retry after a crash at any point completes the rest:
 * 1. the fulfilment record, created only if absent (its time becomes the ledger entry's time);
 * 2. the balance, raised only if the session id is not yet in its set of fulfilled sessions;
 * 3. the ledger entry, whose key derives from the session id, so a repeat overwrites it.
 * Returns whether this call raised the balance.
 */
export async function fulfilPaidSession(session: PaidSession, now: Date): Promise<{ added: boolean }> {
  const fulfilment = await recordFulfilment(session, now);
  if (fulfilment.userId !== session.userId) return { added: false };
  let added = true;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(session.userId),
        UpdateExpression: 'SET userId = :userId ADD paidCredits :credits, fulfilledSessionIds :session',
        ConditionExpression: 'NOT contains(fulfilledSessionIds, :sessionId)',
        ExpressionAttributeValues: {
          ':userId': session.userId,
          ':credits': fulfilment.credits,
          ':session': new Set([session.sessionId]),
          ':sessionId': session.sessionId,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    added = false;
  }
  await recordLedgerEntry({
    id: `purchase-${session.sessionId}`,
    userId: session.userId,
    type: 'purchase',
    amount: fulfilment.credits,
    description: `Purchased ${fulfilment.credits} credits`,
    createdAt: fulfilment.createdAt,
    stripePaymentIntentId: session.paymentIntentId,
  });
  return { added };
}

async function recordFulfilment(session: PaidSession, now: Date): Promise<Fulfilment> {
  const fulfilment: Fulfilment = {
    sessionId: session.sessionId,
    userId: session.userId,
    packageId: session.packageId,
    credits: session.credits,
    createdAt: now.toISOString(),
  };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.checkoutFulfilment(session.sessionId),
          ...keys.fulfilmentOfUser(session.userId, fulfilment.createdAt, session.sessionId),
          type: itemTypes.checkoutFulfilment,
          ...fulfilment,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return fulfilment;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const existing = await getFulfilment(session.sessionId);
  if (!existing) throw new Error(`Fulfilment of ${session.sessionId} vanished`);
  return existing;
}
