import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ChosenQuotes } from '../../shared/schemas/author-posts';
import type { PostingQueue, PostingSlot } from '../../shared/schemas/scheduling';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** Where an item stands: `firing` from the claim at its time until every platform's run is queued. */
export type ScheduledItemStatus = 'scheduled' | 'firing' | 'fired' | 'cancelled';

/** One account's outcome of a fired item: the run it became (followed until it ends), or why it posted nothing. */
export interface StoredOutcome {
  platform: Platform;
  /** The account posted to; null for an item from before several accounts (the platform's first). */
  accountId: string | null;
  runId: string | null;
  status: 'pending' | 'posting' | 'completed' | 'failed';
  error: string | null;
  postUrl: string | null;
}

export interface ScheduledItemRecord {
  userId: string;
  itemId: string;
  threadId: string;
  threadTitle: string;
  platforms: Platform[];
  /**
   * The accounts each platform posts to, chosen when scheduled (a run each); absent (older items): the
   * platform's first. Stored before several per platform as one id, read as a list of one.
   */
  accounts?: Partial<Record<Platform, string[]>>;
  /** When it fires, UTC ISO. */
  at: string;
  timeZone: string;
  source: 'time' | 'queue';
  status: ScheduledItemStatus;
  firedAt: string | null;
  cancelledAt: string | null;
  /** Per account once fired, keyed by outcomeKey (an older item's: by platform alone). */
  outcomes: Record<string, StoredOutcome>;
  /** The author's posts chosen to quote in the credit, per platform; checked again when the item fires. Absent: none. */
  quotes?: ChosenQuotes;
  /** Its time came while its thread was not approved (its workspace needs approval): it fires on approval, within the grace window. */
  waitingForApproval?: boolean;
  /** Epoch ms until which one fire holds the item (a fire that died is taken over after it). */
  fireLeaseUntil: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Past items stay readable for this long after they end (the page shows 30 days), then TTL removes them. */
const PAST_KEEP_DAYS = 31;

/** One account an item posts to: a platform and its account (null on an item from before several accounts). */
export interface ItemTarget {
  platform: Platform;
  accountId: string | null;
}

/** Where an account's outcome sits in the item's outcomes map ('#' is in no account id). */
export function outcomeKey(target: ItemTarget): string {
  return target.accountId ? `${target.platform}#${target.accountId}` : target.platform;
}

/** Every account the item posts to, in the order of its platforms: the accounts it names, else the platform's first. */
export function itemTargets(item: Pick<ScheduledItemRecord, 'platforms' | 'accounts'>): ItemTarget[] {
  return item.platforms.flatMap((platform): ItemTarget[] => {
    const ids = item.accounts?.[platform];
    return ids?.length ? ids.map((accountId) => ({ platform, accountId })) : [{ platform, accountId: null }];
  });
}

/** The outcome recorded for one account of the item, if any. */
export function outcomeOf(item: Pick<ScheduledItemRecord, 'outcomes'>, target: ItemTarget): StoredOutcome | undefined {
  return item.outcomes[outcomeKey(target)];
}

/** Accounts as stored: a list per platform, or (before several per platform) one id, read as a list of one. */
function accountsOf(stored: unknown): ScheduledItemRecord['accounts'] {
  if (!stored || typeof stored !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(stored as Record<string, string | string[]>).map(([platform, ids]) => [
      platform,
      typeof ids === 'string' ? [ids] : ids,
    ]),
  );
}

/**
 * Outcomes as stored, keyed by account. One written before outcomes per account sits under its bare
 * platform without an account: it belongs to the one account the item named there (if it named one).
 */
function outcomesOf(stored: unknown, accounts: ScheduledItemRecord['accounts']): ScheduledItemRecord['outcomes'] {
  const outcomes: ScheduledItemRecord['outcomes'] = {};
  const entries = Object.values((stored ?? {}) as Record<string, StoredOutcome>);
  // Older ones first: one written later under the account's own key wins.
  for (const outcome of [...entries].sort(
    (a, b) => Number(a.accountId !== undefined) - Number(b.accountId !== undefined),
  )) {
    const named = accounts?.[outcome.platform];
    const accountId = outcome.accountId ?? (named?.length === 1 ? named[0]! : null);
    outcomes[outcomeKey({ platform: outcome.platform, accountId })] = { ...outcome, accountId };
  }
  return outcomes;
}

function fromItem(item: Record<string, unknown>): ScheduledItemRecord {
  const accounts = accountsOf(item.accounts);
  return {
    userId: String(item.userId),
    itemId: String(item.itemId),
    threadId: String(item.threadId),
    threadTitle: String(item.threadTitle ?? ''),
    platforms: (item.platforms as Platform[]) ?? [],
    at: String(item.at),
    timeZone: String(item.timeZone),
    source: item.source === 'queue' ? 'queue' : 'time',
    status: item.status as ScheduledItemStatus,
    firedAt: typeof item.firedAt === 'string' ? item.firedAt : null,
    cancelledAt: typeof item.cancelledAt === 'string' ? item.cancelledAt : null,
    outcomes: outcomesOf(item.outcomes, accounts),
    ...(item.quotes ? { quotes: item.quotes as ChosenQuotes } : {}),
    ...(accounts ? { accounts } : {}),
    ...(item.waitingForApproval === true ? { waitingForApproval: true } : {}),
    fireLeaseUntil: typeof item.fireLeaseUntil === 'number' ? item.fireLeaseUntil : null,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

const itemKey = (record: Pick<ScheduledItemRecord, 'userId' | 'itemId'>) =>
  keys.scheduledItem(record.userId, record.itemId);

/** A conditional update answering the item as it is now, or null when its condition refused it. */
async function updateIf(
  input: Omit<UpdateCommandInput, 'TableName' | 'ReturnValues'>,
): Promise<ScheduledItemRecord | null> {
  try {
    const result = await db.send(new UpdateCommand({ ...input, TableName: tableName(), ReturnValues: 'ALL_NEW' }));
    return result.Attributes ? fromItem(result.Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

const pastExpiry = (endedAt: string) => Math.floor(Date.parse(endedAt) / 1000) + PAST_KEEP_DAYS * 86_400;

/** Writes a new upcoming item, listed by time for its user and its thread (refused if the id exists). */
export async function createScheduledItem(record: ScheduledItemRecord): Promise<void> {
  // Absent, not null, until they happen: the claim sets firedAt only where there is none.
  const { firedAt: _firedAt, cancelledAt: _cancelledAt, fireLeaseUntil: _lease, ...item } = record;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...itemKey(record),
        ...keys.upcomingScheduledListing(record.userId, record.at, record.itemId),
        ...keys.threadScheduleListing(record.userId, record.threadId, record.at, record.itemId),
        type: itemTypes.scheduledItem,
        ...item,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** One of the user's items (ownership is part of the key). */
export async function getScheduledItem(userId: string, itemId: string): Promise<ScheduledItemRecord | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.scheduledItem(userId, itemId), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** Every upcoming item of the user, soonest first (at most the 500 the limit allows). */
export async function listUpcomingScheduledItems(userId: string): Promise<ScheduledItemRecord[]> {
  return queryItems({
    IndexName: indexes.scheduledItemsByUser,
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.upcomingScheduledPartition(userId) },
  });
}

/** The user's fired and cancelled items that ended since `since` (ISO), newest first. */
export async function listPastScheduledItems(userId: string, since: string): Promise<ScheduledItemRecord[]> {
  return queryItems({
    IndexName: indexes.scheduledItemsByUser,
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
    ExpressionAttributeValues: { ':pk': keys.pastScheduledPartition(userId), ':since': since },
    ScanIndexForward: false,
  });
}

/** One thread's upcoming items, soonest first. */
export async function listUpcomingItemsOfThread(userId: string, threadId: string): Promise<ScheduledItemRecord[]> {
  return queryItems({
    IndexName: indexes.scheduledItemsOfThread,
    KeyConditionExpression: 'gsi4pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.threadSchedulePartition(userId, threadId) },
  });
}

/** Every item a listing Query matches, all pages. */
async function queryItems(input: Parameters<typeof queryAllPages>[0]): Promise<ScheduledItemRecord[]> {
  const items: ScheduledItemRecord[] = [];
  for await (const item of queryAllPages(input)) items.push(fromItem(item));
  return items;
}

/** Moves an upcoming item to a new time (both listings follow); null when it is no longer upcoming. */
export async function moveScheduledItem(
  record: ScheduledItemRecord,
  at: string,
  timeZone: string,
  updatedAt: string,
): Promise<ScheduledItemRecord | null> {
  return updateIf({
    Key: itemKey(record),
    // A new time is a new wait: an item that waited for approval at its old time waits no longer.
    UpdateExpression:
      'SET #at = :at, #zone = :zone, gsi3sk = :g3, gsi4sk = :g4, updatedAt = :u REMOVE waitingForApproval',
    ConditionExpression: '#status = :scheduled',
    ExpressionAttributeNames: { '#at': 'at', '#zone': 'timeZone', '#status': 'status' },
    ExpressionAttributeValues: {
      ':at': at,
      ':zone': timeZone,
      ':g3': keys.upcomingScheduledListing(record.userId, at, record.itemId).gsi3sk,
      ':g4': keys.threadScheduleListing(record.userId, record.threadId, at, record.itemId).gsi4sk,
      ':scheduled': 'scheduled',
      ':u': updatedAt,
    },
  });
}

/** Cancels an upcoming item (it moves to the past listing); null when it is no longer upcoming. */
export async function cancelScheduledItem(
  userId: string,
  itemId: string,
  cancelledAt: string,
): Promise<ScheduledItemRecord | null> {
  return updateIf({
    Key: keys.scheduledItem(userId, itemId),
    UpdateExpression:
      'SET #status = :cancelled, cancelledAt = :now, updatedAt = :now, gsi3pk = :g3pk, gsi3sk = :g3sk, #ttl = :ttl REMOVE gsi4pk, gsi4sk',
    ConditionExpression: '#status = :scheduled',
    ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':cancelled': 'cancelled',
      ':scheduled': 'scheduled',
      ':now': cancelledAt,
      ...listingValues(keys.pastScheduledListing(userId, cancelledAt, itemId)),
      ':ttl': pastExpiry(cancelledAt),
    },
  });
}

const listingValues = (listing: { gsi3pk: string; gsi3sk: string }) => ({
  ':g3pk': listing.gsi3pk,
  ':g3sk': listing.gsi3sk,
});

/**
 * Takes an item for one fire until `nowMs + leaseMs`: an upcoming one (only at the time it was
 * scheduled for, when `expectedAt` is given: a schedule left from before a reschedule finds nothing),
 * or one whose last fire stopped midway (its lease ran out). Two fires at once: one gets it, the other
 * null. The item leaves the upcoming listings in the same write.
 */
export async function claimScheduledItemForFiring(
  userId: string,
  itemId: string,
  expectedAt: string | null,
  nowMs: number,
  leaseMs: number,
): Promise<ScheduledItemRecord | null> {
  const now = new Date(nowMs).toISOString();
  return updateIf({
    Key: keys.scheduledItem(userId, itemId),
    UpdateExpression:
      'SET #status = :firing, fireLeaseUntil = :until, firedAt = if_not_exists(firedAt, :now), outcomes = if_not_exists(outcomes, :none), updatedAt = :now, gsi3pk = :g3pk, gsi3sk = :g3sk, #ttl = :ttl REMOVE gsi4pk, gsi4sk',
    ConditionExpression: `(#status = :scheduled${expectedAt ? ' AND #at = :at' : ''}) OR (#status = :firing AND fireLeaseUntil < :nowMs)`,
    ExpressionAttributeNames: {
      '#status': 'status',
      '#ttl': TTL_ATTRIBUTE,
      ...(expectedAt ? { '#at': 'at' } : {}),
    },
    ExpressionAttributeValues: {
      ':firing': 'firing',
      ':scheduled': 'scheduled',
      ':until': nowMs + leaseMs,
      ':nowMs': nowMs,
      ':now': now,
      ':none': {},
      // A fire taking over a stopped one lists the item from its own time: a second's difference.
      ...listingValues(keys.pastScheduledListing(userId, now, itemId)),
      ':ttl': pastExpiry(now),
      ...(expectedAt ? { ':at': expectedAt } : {}),
    },
  });
}

/**
 * Marks an upcoming item as waiting for its thread's approval (its time came first); null when it is no
 * longer upcoming at that time.
 */
export async function markWaitingForApproval(
  userId: string,
  itemId: string,
  at: string,
  updatedAt: string,
): Promise<ScheduledItemRecord | null> {
  return updateIf({
    Key: keys.scheduledItem(userId, itemId),
    UpdateExpression: 'SET waitingForApproval = :yes, updatedAt = :u',
    ConditionExpression: '#status = :scheduled AND #at = :at',
    ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
    ExpressionAttributeValues: { ':yes': true, ':scheduled': 'scheduled', ':at': at, ':u': updatedAt },
  });
}

/** Records (or settles) one account's outcome on a fired item. */
export async function recordScheduledOutcome(userId: string, itemId: string, outcome: StoredOutcome): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.scheduledItem(userId, itemId),
      UpdateExpression: 'SET outcomes.#account = :outcome',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#account': outcomeKey(outcome) },
      ExpressionAttributeValues: { ':outcome': outcome },
    }),
  );
}

/**
 * Records an account's outcome on an item before its time (it failed already: the fire skips it). Null
 * when the item is no longer upcoming or that account has an outcome already (a retry).
 */
export async function recordUpcomingOutcome(
  userId: string,
  itemId: string,
  outcome: StoredOutcome,
  updatedAt: string,
): Promise<ScheduledItemRecord | null> {
  return updateIf({
    Key: keys.scheduledItem(userId, itemId),
    UpdateExpression: 'SET outcomes.#account = :outcome, updatedAt = :u',
    ConditionExpression: '#status = :scheduled AND attribute_not_exists(outcomes.#account)',
    ExpressionAttributeNames: { '#status': 'status', '#account': outcomeKey(outcome) },
    ExpressionAttributeValues: { ':outcome': outcome, ':scheduled': 'scheduled', ':u': updatedAt },
  });
}

/**
 * Ends an upcoming item each account of which already has its outcome (none is left to post to): it
 * becomes fired and moves to the past listing. Null when it is no longer upcoming (another end won).
 */
export async function endUpcomingItemWithOutcomes(
  record: ScheduledItemRecord,
  endedAt: string,
): Promise<ScheduledItemRecord | null> {
  const platformNames = Object.fromEntries(itemTargets(record).map((target, n) => [`#p${n}`, outcomeKey(target)]));
  return updateIf({
    Key: itemKey(record),
    UpdateExpression:
      'SET #status = :fired, firedAt = :now, updatedAt = :now, gsi3pk = :g3pk, gsi3sk = :g3sk, #ttl = :ttl REMOVE gsi4pk, gsi4sk, fireLeaseUntil',
    ConditionExpression: [
      '#status = :scheduled',
      ...Object.keys(platformNames).map((name) => `attribute_exists(outcomes.${name})`),
    ].join(' AND '),
    ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE, ...platformNames },
    ExpressionAttributeValues: {
      ':fired': 'fired',
      ':scheduled': 'scheduled',
      ':now': endedAt,
      ...listingValues(keys.pastScheduledListing(record.userId, endedAt, record.itemId)),
      ':ttl': pastExpiry(endedAt),
    },
  });
}

/** Ends a fire: every platform has its outcome. */
export async function finishFiring(userId: string, itemId: string, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.scheduledItem(userId, itemId),
      UpdateExpression: 'SET #status = :fired, updatedAt = :u REMOVE fireLeaseUntil',
      ConditionExpression: '#status = :firing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':fired': 'fired', ':firing': 'firing', ':u': updatedAt },
    }),
  );
}

/** Gives up a fire's hold after a failure, so the scheduler's retry takes the item over at once. */
export async function releaseFiring(userId: string, itemId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.scheduledItem(userId, itemId),
        UpdateExpression: 'SET fireLeaseUntil = :expired',
        ConditionExpression: '#status = :firing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expired': 0, ':firing': 'firing' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The posting queue settings as stored: null until the user saves some. */
export async function getPostingQueue(userId: string): Promise<PostingQueue | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.postingQueue(userId), ConsistentRead: true }),
  );
  const item = result.Item;
  if (!item || typeof item.timeZone !== 'string') return null;
  return { timeZone: item.timeZone, slots: (item.slots as PostingSlot[]) ?? [] };
}

/** Saves the posting queue's zone and slots (the upcoming ids beside them are left alone). */
export async function savePostingQueue(userId: string, queue: PostingQueue, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.postingQueue(userId),
      UpdateExpression: 'SET #type = :type, #zone = :zone, slots = :slots, updatedAt = :u',
      // TIMEZONE is a reserved word in expressions.
      ExpressionAttributeNames: { '#type': 'type', '#zone': 'timeZone' },
      ExpressionAttributeValues: {
        ':type': itemTypes.postingQueue,
        ':zone': queue.timeZone,
        ':slots': queue.slots,
        ':u': updatedAt,
      },
    }),
  );
}

/**
 * Counts an item among the user's upcoming ones, refused (false) when `max` are already counted.
 * The ids are a set, so counting the same item again changes nothing (a retry is safe).
 */
export async function reserveUpcomingPlace(userId: string, itemId: string, max: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.postingQueue(userId),
        UpdateExpression: 'SET #type = :type ADD upcomingIds :ids',
        ConditionExpression:
          'attribute_not_exists(upcomingIds) OR size(upcomingIds) < :max OR contains(upcomingIds, :id)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': itemTypes.postingQueue,
          ':ids': new Set([itemId]),
          ':max': max,
          ':id': itemId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Takes an item off the user's upcoming count (idempotent; nothing is recreated for an account already deleted). */
export async function releaseUpcomingPlace(userId: string, itemId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.postingQueue(userId),
        UpdateExpression: 'DELETE upcomingIds :ids',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':ids': new Set([itemId]) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Deletes an item that never became upcoming (its place or its cloud schedule was refused); a fired one stays. */
export async function discardScheduledItem(userId: string, itemId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.scheduledItem(userId, itemId),
        ConditionExpression: '#status = :scheduled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':scheduled': 'scheduled' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Who holds a queue slot: the item it was claimed for, and when. */
export interface QueueSlotClaim {
  itemId: string;
  claimedAt: string;
}

/**
 * Claims one queue slot instant for an item: created only if absent (or already this item's: a retry),
 * or, with `replacing`, taken over from that holder only. Of two requests for the same slot one gets
 * true. The claim expires a day after the slot, when it no longer matters.
 */
export async function claimQueueSlot(
  userId: string,
  at: string,
  itemId: string,
  claimedAt: string,
  replacing: string | null = null,
): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.queueSlotClaim(userId, at),
          type: itemTypes.queueSlotClaim,
          itemId,
          at,
          claimedAt,
          [TTL_ATTRIBUTE]: Math.floor(Date.parse(at) / 1000) + 86_400,
        },
        ConditionExpression: replacing
          ? 'itemId = :id OR itemId = :replacing'
          : 'attribute_not_exists(pk) OR itemId = :id',
        ExpressionAttributeValues: { ':id': itemId, ...(replacing ? { ':replacing': replacing } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The claim on one queue slot instant, or null when it is free. */
export async function getQueueSlotClaim(userId: string, at: string): Promise<QueueSlotClaim | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.queueSlotClaim(userId, at), ConsistentRead: true }),
  );
  const item = result.Item;
  return item ? { itemId: String(item.itemId), claimedAt: String(item.claimedAt) } : null;
}

/** Frees a queue slot an item held (idempotent; a claim another item holds by now is left alone). */
export async function releaseQueueSlot(userId: string, at: string, itemId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.queueSlotClaim(userId, at),
        ConditionExpression: 'itemId = :id',
        ExpressionAttributeValues: { ':id': itemId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
