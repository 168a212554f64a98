import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AutoDraft } from '../../shared/schemas/feeds';
import { batchGetItems, db, isConditionFailure, queryAllPages, tableName } from './client';
import { decodeAdminCursor, encodeAdminCursor } from './cursor';
import { indexes, itemTypes, keys } from './keys';

/** A followed feed as stored: what the API shows plus the conditional-GET validators. */
export interface FeedRecord {
  feedId: string;
  userId: string;
  url: string;
  title: string;
  siteUrl: string | null;
  state: 'ok' | 'failing';
  failureReason: string | null;
  consecutiveFailures: number;
  lastCheckedAt: string | null;
  /** When 'Check now' last started a check (at most once per 5 minutes). */
  lastCheckNowAt: string | null;
  nextCheckAt: string;
  oversized: boolean;
  autoDraft: boolean;
  etag: string | null;
  lastModified: string | null;
  createdAt: string;
}

export interface InboxItemRecord {
  userId: string;
  feedId: string;
  entryId: string;
  source: string;
  title: string;
  url: string;
  summary: string;
  publishedAt: string;
  dismissed: boolean;
  autoDraft: AutoDraft | null;
}

export interface FeedSettingsRecord {
  autoDraftsPerDay: number | null;
  feedCount: number;
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);

function feedFromItem(item: Record<string, unknown>): FeedRecord {
  return {
    feedId: String(item.feedId),
    userId: String(item.userId),
    url: String(item.url),
    title: String(item.title),
    siteUrl: str(item.siteUrl),
    state: item.state === 'failing' ? 'failing' : 'ok',
    failureReason: str(item.failureReason),
    consecutiveFailures: Number(item.consecutiveFailures ?? 0),
    lastCheckedAt: str(item.lastCheckedAt),
    lastCheckNowAt: str(item.lastCheckNowAt),
    nextCheckAt: String(item.nextCheckAt),
    oversized: Boolean(item.oversized),
    autoDraft: Boolean(item.autoDraft),
    etag: str(item.etag),
    lastModified: str(item.lastModified),
    createdAt: String(item.createdAt),
  };
}

function inboxItemFromItem(item: Record<string, unknown>): InboxItemRecord {
  return {
    userId: String(item.userId),
    feedId: String(item.feedId),
    entryId: String(item.entryId),
    source: String(item.source),
    title: String(item.title),
    url: String(item.url),
    summary: String(item.summary ?? ''),
    publishedAt: String(item.publishedAt),
    dismissed: Boolean(item.dismissed),
    autoDraft: (item.autoDraft as AutoDraft | undefined) ?? null,
  };
}

export async function getFeedSettings(userId: string): Promise<FeedSettingsRecord> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.feedSettings(userId) }));
  return {
    autoDraftsPerDay: typeof Item?.autoDraftsPerDay === 'number' ? Item.autoDraftsPerDay : null,
    feedCount: Number(Item?.feedCount ?? 0),
  };
}

export async function saveAutoDraftsPerDay(userId: string, autoDraftsPerDay: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.feedSettings(userId),
      UpdateExpression: 'SET autoDraftsPerDay = :n, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':n': autoDraftsPerDay, ':type': itemTypes.feedSettings },
    }),
  );
}

/** Counts one more feed unless the user already has `max` (the count's condition holds the limit). */
export async function reserveFeedSlot(userId: string, max: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feedSettings(userId),
        UpdateExpression: 'ADD feedCount :one SET #type = :type',
        ConditionExpression: 'attribute_not_exists(feedCount) OR feedCount < :max',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':type': itemTypes.feedSettings },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a reserved or removed feed's place back (never below zero). */
export async function releaseFeedSlot(userId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feedSettings(userId),
        UpdateExpression: 'ADD feedCount :minus',
        ConditionExpression: 'feedCount > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

function feedItem(feed: FeedRecord) {
  return {
    ...keys.feed(feed.userId, feed.feedId),
    ...keys.feedDueListing(feed.nextCheckAt, feed.userId, feed.feedId),
    type: itemTypes.feed,
    ...feed,
    // Absent until the first 'Check now', so its claim's condition can test for it.
    lastCheckNowAt: feed.lastCheckNowAt ?? undefined,
  };
}

/** Creates a feed once per user and feed id: false when the user already follows it. */
export async function createFeed(feed: FeedRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({ TableName: tableName(), Item: feedItem(feed), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes a check's outcome (state, validators, title, next check and its due listing), only while
 * the feed still exists; the user's own fields (the Auto-draft switch, 'Check now') are left as they are.
 */
export async function saveFeedAfterCheck(feed: FeedRecord): Promise<boolean> {
  const due = keys.feedDueListing(feed.nextCheckAt, feed.userId, feed.feedId);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feed(feed.userId, feed.feedId),
        UpdateExpression:
          'SET title = :title, #state = :state, failureReason = :reason, consecutiveFailures = :failures, ' +
          'lastCheckedAt = :checked, nextCheckAt = :next, oversized = :oversized, etag = :etag, ' +
          'lastModified = :modified, gsi2pk = :duePk, gsi2sk = :dueSk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':title': feed.title,
          ':state': feed.state,
          ':reason': feed.failureReason,
          ':failures': feed.consecutiveFailures,
          ':checked': feed.lastCheckedAt,
          ':next': feed.nextCheckAt,
          ':oversized': feed.oversized,
          ':etag': feed.etag,
          ':modified': feed.lastModified,
          ':duePk': due.gsi2pk,
          ':dueSk': due.gsi2sk,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A feed of the given user (ownership is part of the key). */
export async function getFeedForUser(userId: string, feedId: string): Promise<FeedRecord | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.feed(userId, feedId) }));
  return Item ? feedFromItem(Item) : null;
}

export async function listFeedsForUser(userId: string): Promise<FeedRecord[]> {
  const feeds: FeedRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.feedPrefix },
  })) {
    feeds.push(feedFromItem(item));
  }
  return feeds;
}

/** Deletes a feed and its inbox entries; false when the user has no such feed. Retry-safe. */
export async function deleteFeedForUser(userId: string, feedId: string): Promise<boolean> {
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.feed(userId, feedId), ReturnValues: 'ALL_OLD' }),
  );
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.inboxItemsOfFeedPrefix(feedId) },
    ProjectionExpression: 'pk, sk',
  })) {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  }
  return Boolean(Attributes);
}

/**
 * Claims 'Check now' on a feed unless one was claimed since `notSince`: 'claimed', 'too_soon', or
 * 'missing' (no such feed of this user).
 */
export async function claimCheckNow(
  userId: string,
  feedId: string,
  now: string,
  notSince: string,
): Promise<'claimed' | 'too_soon' | 'missing'> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feed(userId, feedId),
        UpdateExpression: 'SET lastCheckNowAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastCheckNowAt) OR lastCheckNowAt < :since)',
        ExpressionAttributeValues: { ':now': now, ':since': notSince },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getFeedForUser(userId, feedId)) ? 'too_soon' : 'missing';
  }
}

/** Turns a feed's Auto-draft switch on or off; null when the user has no such feed. */
export async function setFeedAutoDraft(userId: string, feedId: string, autoDraft: boolean): Promise<FeedRecord | null> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feed(userId, feedId),
        UpdateExpression: 'SET autoDraft = :on',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': autoDraft },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? feedFromItem(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Every feed whose next check is at or before `now` (the poll fan-out), oldest due first. */
export async function* listDueFeeds(now: string): AsyncGenerator<{ userId: string; feedId: string }> {
  for await (const item of queryAllPages({
    IndexName: indexes.feedsDue,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':pk': keys.feedsDuePartition, ':now': `${now}#\uffff` },
    ProjectionExpression: 'userId, feedId',
  })) {
    yield { userId: String(item.userId), feedId: String(item.feedId) };
  }
}

/**
 * Which of these entries of a feed are already in its owner's inbox (dismissed ones too): each
 * stored entry's id with the link it was stored under. One BatchGet per 100 entries, so a check
 * costs what the feed's newest entries cost, however many the feed brought before.
 */
export async function findStoredInboxEntries(
  userId: string,
  feedId: string,
  entryIds: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(entryIds)];
  const stored = await batchGetItems(unique.map((entryId) => keys.inboxItem(userId, feedId, entryId)));
  return new Map(stored.map((item) => [String(item.entryId), String(item.url)]));
}

/** Lands an entry in the inbox once: false when its feed already brought it (guid or link). */
export async function putInboxItemOnce(item: InboxItemRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.inboxItem(item.userId, item.feedId, item.entryId),
          ...keys.inboxListing(item.userId, item.publishedAt, item.feedId, item.entryId),
          ...(item.autoDraft?.status === 'pending'
            ? keys.autoDraftPendingListing(item.userId, item.feedId, item.publishedAt, item.entryId)
            : {}),
          type: itemTypes.inboxItem,
          ...item,
          autoDraft: item.autoDraft ?? undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const INBOX_CURSOR_ATTRIBUTES = ['pk', 'sk', 'gsi3pk', 'gsi3sk'] as const;

/** A page of the user's inbox (dismissed items are not listed), newest first. */
export async function listInboxForUser(
  userId: string,
  limit: number,
  cursor?: string,
): Promise<{ items: InboxItemRecord[]; nextCursor: string | null }> {
  const partition = keys.inboxPartition(userId);
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.inboxOfUser,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor
        ? decodeAdminCursor(cursor, INBOX_CURSOR_ATTRIBUTES, { name: 'gsi3pk', value: partition })
        : undefined,
    }),
  );
  return {
    items: (page.Items ?? []).map(inboxItemFromItem),
    nextCursor: page.LastEvaluatedKey ? encodeAdminCursor(page.LastEvaluatedKey) : null,
  };
}

/** Hides an item from the inbox (it stays stored, so the feed does not bring it back); false when absent. */
export async function dismissInboxItem(userId: string, feedId: string, entryId: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.inboxItem(userId, feedId, entryId),
        UpdateExpression: 'SET dismissed = :yes REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A feed's items waiting for its Auto-draft (the sparse pending listing), newest first. */
export async function listPendingAutoDrafts(userId: string, feedId: string): Promise<InboxItemRecord[]> {
  const items: InboxItemRecord[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.autoDraftPending,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.autoDraftPendingPartition(userId, feedId) },
    ScanIndexForward: false,
  })) {
    items.push(inboxItemFromItem(item));
  }
  return items;
}

/**
 * Settles a pending item's auto-draft (drafted, skipped and why, or failed) and takes it off the
 * pending listing; with `jobId`, also an item already drafted by that job (its job's own outcome).
 * False when the item is gone or was settled otherwise: the first outcome written stays.
 */
export async function settleAutoDraft(
  item: Pick<InboxItemRecord, 'userId' | 'feedId' | 'entryId'>,
  autoDraft: AutoDraft,
  jobId?: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.inboxItem(item.userId, item.feedId, item.entryId),
        UpdateExpression: 'SET autoDraft = :draft REMOVE gsi1pk, gsi1sk',
        ConditionExpression: jobId
          ? 'autoDraft.#status = :pending OR (autoDraft.#status = :drafted AND autoDraft.jobId = :jobId)'
          : 'autoDraft.#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':draft': autoDraft,
          ':pending': 'pending',
          ...(jobId ? { ':drafted': 'drafted', ':jobId': jobId } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const AUTO_DRAFT_DAY_RETENTION_SECONDS = 3 * 24 * 3600;

/**
 * Counts one item's auto-draft on a UTC day unless `limit` were already made that day. Retry-safe:
 * the day keeps the ids it counted, so the same item asking again is answered true and not counted twice.
 */
export async function takeAutoDraftSlot(userId: string, date: string, limit: number, itemId: string): Promise<boolean> {
  const key = keys.autoDraftDay(userId, date);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD drafted :one, itemIds :ids SET #type = :type, expiresAt = :expires',
        ConditionExpression: '(attribute_not_exists(drafted) OR drafted < :limit) AND NOT contains(itemIds, :id)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ids': new Set([itemId]),
          ':id': itemId,
          ':limit': limit,
          ':type': itemTypes.autoDraftDay,
          ':expires': Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000) + AUTO_DRAFT_DAY_RETENTION_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    return Item?.itemIds instanceof Set && Item.itemIds.has(itemId);
  }
}
