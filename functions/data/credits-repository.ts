import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CreditsRecord, toCreditsRecord } from './account-repository';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { addToTotals } from './stats-repository';

export type ChargeOutcome = 'charged' | 'already-charged' | 'insufficient';
/** What reserving a credit for a thread did; `already` when this thread holds or spent one. */
export type ReserveOutcome = 'reserved' | 'already' | 'insufficient';
/** What releasing a reservation did: back in its pocket, lapsed (a free one past a refresh), or none held. */
export type ReleaseOutcome = 'released' | 'lapsed' | 'not-reserved';

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
 * Every change of free credits is written with a pending grant on the balance item (`grantId`,
 * `grantAmount`, `grantAt`): the same single-item write that changes the balance says which ledger
 * entry it owes. Settling writes that entry (its id is the grant id, so a repeat overwrites it) and
 * then clears the grant; whoever next touches a balance with a grant left by a crash settles it.
 * `grantAmount = dailyAllowance - #free` reads the item as it was before the update.
 */
const GRANT_FROM_ALLOWANCE = 'grantId = :grantId, grantAmount = dailyAllowance - #free, grantAt = :grantAt';

/** The ledger entry a grant id stands for (free refresh of a day, first balance, allowance change). */
function grantDescription(grantId: string): string {
  if (grantId.startsWith('free-')) return 'Daily free credits';
  if (grantId === 'grant-initial') return 'Free credits on sign-up';
  if (grantId.startsWith('admin-refresh-')) return 'Admin credit refresh';
  if (grantId.startsWith('lapse-')) return 'Reserved free credit lapsed at the daily refresh';
  return 'Free credit allowance changed';
}

/** Writes the ledger entry a balance's pending grant owes, then clears the grant (safe to repeat). */
export async function settlePendingGrant(userId: string): Promise<void> {
  const current = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.credits(userId), ConsistentRead: true }),
  );
  const item = current.Item;
  if (!item?.grantId) return;
  const grantId = String(item.grantId);
  const amount = Number(item.grantAmount ?? 0);
  // A refresh of a balance already at its allowance changes nothing: no entry of 0.
  if (amount !== 0) {
    await recordLedgerEntry({
      id: grantId,
      userId,
      type: 'free_monthly',
      amount,
      description: grantDescription(grantId),
      createdAt: String(item.grantAt),
    });
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(userId),
        UpdateExpression: 'REMOVE grantId, grantAmount, grantAt',
        ConditionExpression: 'grantId = :grantId',
        ExpressionAttributeValues: { ':grantId': grantId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Resets free credits to the daily allowance if they were last refreshed before `today`
 * (no stacking), with the ledger entry of the difference. Conditional, so the midnight job and a
 * first use after midnight never both apply. Returns true when this call did the refresh.
 */
export async function refreshFreeCreditsIfStale(userId: string, today: string): Promise<boolean> {
  const listing = keys.creditsByResetDate(today, userId);
  const refresh = () =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(userId),
        UpdateExpression: `SET ${GRANT_FROM_ALLOWANCE}, #free = dailyAllowance, lastRefreshDate = :today, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk`,
        // A grant a crash left unsettled is settled first, so no ledger entry is lost.
        ConditionExpression: 'attribute_exists(pk) AND lastRefreshDate < :today AND attribute_not_exists(grantId)',
        ExpressionAttributeNames: { '#free': 'freeCredits' },
        ExpressionAttributeValues: {
          ':today': today,
          ':grantId': `free-${today}`,
          ':grantAt': `${today}T00:00:00.000Z`,
          ':gsi1pk': listing.gsi1pk,
          ':gsi1sk': listing.gsi1sk,
        },
      }),
    );
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await refresh();
      await settlePendingGrant(userId);
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await settlePendingGrant(userId);
    }
  }
  return false;
}

/**
 * Changes the free allowance (role change); free credits move at once to the new allowance. A user
 * with no balance yet gets one with the new allowance at first use.
 */
export function setDailyAllowance(userId: string, allowance: number, now = new Date()): Promise<FreeCreditsOutcome> {
  return replaceFreeCredits(userId, allowance, `allowance-${now.toISOString()}`, now, allowance);
}

/** What setting free credits did: changed them, found them at the amount already, or found no balance. */
export type FreeCreditsOutcome = 'changed' | 'unchanged' | 'no-balance';

/**
 * Sets a balance's free credits to `amount` (admin credit refresh), with the ledger entry of the
 * difference under `grantId`; a balance already at `amount` gets no entry, so a repeat adds nothing.
 */
export function setFreeCredits(
  userId: string,
  amount: number,
  grantId: string,
  now: Date,
): Promise<FreeCreditsOutcome> {
  return replaceFreeCredits(userId, amount, grantId, now);
}

/**
 * Free credits (and optionally the allowance) set to `amount` in one conditional update that also
 * records the grant it owes; a grant still pending from another change is settled first, never overwritten.
 */
async function replaceFreeCredits(
  userId: string,
  amount: number,
  grantId: string,
  now: Date,
  allowance?: number,
): Promise<FreeCreditsOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await settlePendingGrant(userId);
    try {
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.credits(userId),
          UpdateExpression: `SET grantId = :grantId, grantAmount = :amount - #free, grantAt = :grantAt, #free = :amount${
            allowance === undefined ? '' : ', dailyAllowance = :allowance'
          }`,
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(grantId)',
          ExpressionAttributeNames: { '#free': 'freeCredits' },
          ExpressionAttributeValues: {
            ':amount': amount,
            ':grantId': grantId,
            ':grantAt': now.toISOString(),
            ...(allowance === undefined ? {} : { ':allowance': allowance }),
          },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      await settlePendingGrant(userId);
      return Number(result.Attributes?.freeCredits ?? amount) === amount ? 'unchanged' : 'changed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (!(await getCredits(userId))) return 'no-balance';
    }
  }
  throw new Error(`Free credits of ${userId} kept changing under a pending grant`);
}

/** How one credit leaves a pocket: the update, what else must hold, and any names they use besides `#pocket`. */
interface PocketUpdate {
  update: string;
  condition: string;
  names?: Record<string, string>;
}

/**
 * Takes one credit for a thread, free before paid and never below zero, in one conditional update of
 * the pocket it comes from (paid credits are only touched once no free credit is left). The update
 * may use `#pocket`, `:one`, `:thread` (a set of the thread id) and `:threadId`. False when neither
 * pocket could give one, or `condition` failed.
 */
async function takeOneCredit(
  userId: string,
  threadId: string,
  pocketUpdate: (pocket: 'freeCredits' | 'paidCredits') => PocketUpdate,
): Promise<boolean> {
  for (const pocket of ['freeCredits', 'paidCredits'] as const) {
    const spendsPaid = pocket === 'paidCredits';
    const { update, condition, names } = pocketUpdate(pocket);
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.credits(userId),
          UpdateExpression: update,
          ConditionExpression: `${spendsPaid ? 'freeCredits <= :zero AND paidCredits >= :one' : 'freeCredits >= :one'} AND ${condition}`,
          ExpressionAttributeNames: { '#pocket': pocket, ...names },
          ExpressionAttributeValues: {
            ':one': 1,
            ...(spendsPaid ? { ':zero': 0 } : {}),
            ':thread': new Set([threadId]),
            ':threadId': threadId,
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/**
 * Takes one credit for a thread: free before paid, never below zero, once per thread id.
 * Each attempt is one conditional update that also records the thread id it paid for, so
 * concurrent charges cannot overspend and a retried charge for the same thread is a no-op.
 */
export async function consumeCreditForThread(userId: string, threadId: string): Promise<ChargeOutcome> {
  const taken = await takeOneCredit(userId, threadId, () => ({
    update: 'SET #pocket = #pocket - :one, usedCredits = usedCredits + :one ADD chargedThreadIds :thread',
    condition: 'NOT contains(chargedThreadIds, :threadId)',
  }));
  if (taken) return 'charged';
  const current = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.credits(userId), ConsistentRead: true }),
  );
  const charged = current.Item?.chargedThreadIds as Set<string> | undefined;
  return charged?.has(threadId) ? 'already-charged' : 'insufficient';
}

/** The balance item's set of thread ids holding a credit reserved from each pocket. */
const RESERVED_SETS = { freeCredits: 'reservedFreeThreadIds', paidCredits: 'reservedPaidThreadIds' } as const;

/**
 * Reserves one credit for a thread an auto-draft will make: free before paid, never below zero, once
 * per thread id. The credit leaves its pocket (no longer available) into the pocket's reserved set, in
 * one conditional update, so concurrent reservations can never promise more than the balance; the job
 * then spends it with `consumeReservedCredit`, or `releaseReservedCredit` gives it back.
 */
export async function reserveCreditForThread(userId: string, threadId: string): Promise<ReserveOutcome> {
  const reserved = await takeOneCredit(userId, threadId, (pocket) => ({
    update: 'SET #pocket = #pocket - :one ADD #reserved :thread',
    condition:
      'NOT contains(reservedFreeThreadIds, :threadId) AND NOT contains(reservedPaidThreadIds, :threadId) AND NOT contains(chargedThreadIds, :threadId)',
    names: { '#reserved': RESERVED_SETS[pocket] },
  }));
  if (reserved) return 'reserved';
  const item = await readBalanceItem(userId);
  return holdsOrSpent(item, threadId) ? 'already' : 'insufficient';
}

/**
 * Spends a thread's reserved credit (used + 1) and marks the thread charged, in one conditional
 * update: the reservation is the charge, nothing is taken from the balance again. `already-charged`
 * on a repeat; `insufficient` when the thread holds no reservation (the caller then charges normally).
 */
export async function consumeReservedCredit(userId: string, threadId: string): Promise<ChargeOutcome> {
  for (const reserved of Object.values(RESERVED_SETS)) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.credits(userId),
          UpdateExpression:
            'SET usedCredits = usedCredits + :one DELETE #reserved :thread ADD chargedThreadIds :thread',
          ConditionExpression: 'contains(#reserved, :threadId)',
          ExpressionAttributeNames: { '#reserved': reserved },
          ExpressionAttributeValues: { ':one': 1, ':thread': new Set([threadId]), ':threadId': threadId },
        }),
      );
      return 'charged';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  const charged = (await readBalanceItem(userId))?.chargedThreadIds;
  return charged instanceof Set && charged.has(threadId) ? 'already-charged' : 'insufficient';
}

/**
 * Gives a thread's reserved credit back to the pocket it came from, once (the update is conditional on
 * the reservation, which it removes). A free credit reserved before a daily refresh does not stack on
 * top of the new allowance: with free credits at the allowance it lapses instead, written as a grant of
 * -1 (`lapse-<threadId>`) so the ledger still explains the balance.
 */
export async function releaseReservedCredit(userId: string, threadId: string, now: Date): Promise<ReleaseOutcome> {
  const release = (pocket: keyof typeof RESERVED_SETS, condition: string) =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(userId),
        UpdateExpression: 'SET #pocket = #pocket + :one DELETE #reserved :thread',
        ConditionExpression: `contains(#reserved, :threadId)${condition}`,
        ExpressionAttributeNames: { '#pocket': pocket, '#reserved': RESERVED_SETS[pocket] },
        ExpressionAttributeValues: { ':one': 1, ':thread': new Set([threadId]), ':threadId': threadId },
      }),
    );
  const lapse = () =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(userId),
        UpdateExpression:
          'SET grantId = :grantId, grantAmount = :minusOne, grantAt = :grantAt DELETE #reserved :thread',
        ConditionExpression: 'contains(#reserved, :threadId) AND attribute_not_exists(grantId)',
        ExpressionAttributeNames: { '#reserved': RESERVED_SETS.freeCredits },
        ExpressionAttributeValues: {
          ':grantId': `lapse-${threadId}`,
          ':minusOne': -1,
          ':grantAt': now.toISOString(),
          ':thread': new Set([threadId]),
          ':threadId': threadId,
        },
      }),
    );
  const attempts: Array<[ReleaseOutcome, () => Promise<unknown>]> = [
    ['released', () => release('paidCredits', '')],
    ['released', () => release('freeCredits', ' AND freeCredits < dailyAllowance')],
    ['lapsed', lapse],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [outcome, attempt] of attempts) {
      try {
        await attempt();
        if (outcome === 'lapsed') await settlePendingGrant(userId);
        return outcome;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    const item = await readBalanceItem(userId);
    const held = (name: string) => item?.[name] instanceof Set && (item[name] as Set<string>).has(threadId);
    if (!held(RESERVED_SETS.freeCredits) && !held(RESERVED_SETS.paidCredits)) return 'not-reserved';
    // A lapse waits for another change's pending grant: settle it, then try again.
    await settlePendingGrant(userId);
  }
  throw new Error(`The reserved credit of thread ${threadId} kept changing under a pending grant`);
}

async function readBalanceItem(userId: string): Promise<Record<string, unknown> | undefined> {
  const current = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.credits(userId), ConsistentRead: true }),
  );
  return current.Item;
}

function holdsOrSpent(item: Record<string, unknown> | undefined, threadId: string): boolean {
  return [...Object.values(RESERVED_SETS), 'chargedThreadIds'].some(
    (name) => item?.[name] instanceof Set && (item[name] as Set<string>).has(threadId),
  );
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

/**
 * Writes a ledger entry; the id is stable per event, so a repeat overwrites the same item. A new
 * entry is counted in the platform totals (and a purchase's credits in credits purchased).
 */
export async function recordLedgerEntry(entry: LedgerEntry): Promise<void> {
  const result = await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.creditTransaction(entry.userId, entry.createdAt, entry.id),
        ...keys.transactionListing(entry.createdAt, entry.id),
        ...(entry.type === 'purchase' ? keys.purchaseListing(entry.createdAt, entry.id) : {}),
        type: itemTypes.creditTransaction,
        transactionType: entry.type,
        ...omitType(entry),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!result.Attributes)
    await addToTotals({ transactions: 1, creditsPurchased: entry.type === 'purchase' ? entry.amount : 0 });
}

function omitType(entry: LedgerEntry): Omit<LedgerEntry, 'type'> {
  const { type: _type, ...rest } = entry;
  return rest;
}

/**
 * One page of a user's ledger, newest first. The cursor is the sort key of the page's last entry;
 * the partition is always the caller's own, so a cursor can never reach another user's ledger.
 */
export async function pageLedgerForUser(
  userId: string,
  limit: number,
  cursor?: string,
): Promise<{ entries: LedgerEntry[]; nextCursor?: string }> {
  const pk = keys.userPartition(userId);
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.creditTransactionPrefix },
      ScanIndexForward: false,
      Limit: limit,
      // Consistent: the history shown right after a purchase includes it.
      ConsistentRead: true,
      ExclusiveStartKey: cursor ? { pk, sk: cursor } : undefined,
    }),
  );
  const last = result.LastEvaluatedKey?.sk;
  return { entries: (result.Items ?? []).map(toLedgerEntry), ...(last ? { nextCursor: String(last) } : {}) };
}

function toLedgerEntry(item: Record<string, unknown>): LedgerEntry {
  return {
    id: String(item.id),
    userId: String(item.userId),
    type: item.transactionType as LedgerEntry['type'],
    amount: Number(item.amount),
    description: String(item.description),
    createdAt: String(item.createdAt),
    threadId: item.threadId as string | undefined,
    stripePaymentIntentId: item.stripePaymentIntentId as string | undefined,
  };
}

/** User ids whose free credits were last refreshed on `date` (the midnight job's work list). */
export async function* listUserIdsRefreshedOn(date: string): AsyncGenerator<string> {
  for await (const item of queryAllPages({
    IndexName: indexes.byGsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.creditsResetDatePartition(date) },
    ProjectionExpression: 'userId',
  }))
    yield String(item.userId);
}

/** Segments of the audit's parallel Scan of balances. */
const AUDIT_SCAN_SEGMENTS = 4;

/**
 * Every balance in the table, for the offline audit only (a parallel Scan: no user-facing path
 * lists every balance). Yields each segment's balances as they arrive.
 */
export async function* scanAllCredits(): AsyncGenerator<CreditsRecord> {
  const segments = Array.from({ length: AUDIT_SCAN_SEGMENTS }, async (_, segment) => {
    const found: CreditsRecord[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new ScanCommand({
          TableName: tableName(),
          Segment: segment,
          TotalSegments: AUDIT_SCAN_SEGMENTS,
          FilterExpression: 'sk = :sk',
          ExpressionAttributeValues: { ':sk': keys.credits('').sk },
          ConsistentRead: true,
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of page.Items ?? []) found.push(toCreditsRecord(String(item.userId), item));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return found;
  });
  for (const segment of segments) yield* await segment;
}

/** A user's whole ledger (every page), newest first: the audit's and the tests' view. */
export async function listLedgerForUser(userId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageLedgerForUser(userId, 100, cursor);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

/** The newest ledger entries of every user, from the admin listing (gsi2 `TRANSACTIONS`), newest first. */
export async function listNewestLedgerEntries(limit: number): Promise<LedgerEntry[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.transactionsListingPartition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(toLedgerEntry);
}

/** Every purchase of every user, newest first, from the purchases listing (gsi1 `PURCHASES`), page by page. */
export async function listAllPurchases(): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.byGsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.purchasesListingPartition },
    ScanIndexForward: false,
  }))
    entries.push(toLedgerEntry(item));
  return entries;
}
