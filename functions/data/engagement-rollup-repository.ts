import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlatformCredit } from '../../shared/insights/credit-comparisons';
import type { PlatformLatest, ThreadInsight } from '../../shared/insights/insights';
import type { Platform, Thread } from '../../shared/schemas/thread';
import { batchGetItems, db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { fromItem } from './thread-repository';

/**
 * The rollups of engagement readings (docs/data-model.md, "Engagement rollups"): each platform's
 * latest reading kept on the thread item with the thread's total and its engagement sort key, a
 * summary per thread for /insights, and the engagement gained per user and day. dynalite has no
 * transactions, so each is a single-item conditional write that a redelivered reading may repeat.
 */

/**
 * Each platform's latest reading of a thread, with when that platform's run completed and what the
 * run did for the credit (absent on rollups written before it was kept).
 */
export type EngagementByPlatform = Partial<
  Record<Platform, PlatformLatest & { publishedAt: string; credit?: PlatformCredit }>
>;

/**
 * What a rollup write changed, kept on the thread by that same write until it is settled: the
 * reading's gain for the user's day and the thread's change for the admin totals, both computed
 * against the latest the write replaced, so a gain is counted once however readings race.
 */
export interface RollupPending {
  /** `<threadId>#<platform>#<takenAt>`: the day counts each once. */
  readingId: string;
  /** The reading's day in the user's zone. */
  date: string;
  gain: number;
  engagement: number;
  threadsWithReadings: number;
  /** The thread's engagementVersion this write set: the totals take each version once. */
  version: number;
}

export interface ThreadRollupState {
  thread: Thread;
  byPlatform: EngagementByPlatform;
  /** Bumped by every rollup write, so two at once never lose one another's platform. */
  version: number;
  /** A rollup written but perhaps not settled yet (its settling crashed, or is under way). */
  pending: RollupPending | null;
}

/** The thread with its rollup, read consistently; null when the user has no such thread. */
export async function getThreadRollupState(userId: string, threadId: string): Promise<ThreadRollupState | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.thread(userId, threadId), ConsistentRead: true }),
  );
  const item = result.Item;
  if (!item) return null;
  return {
    thread: fromItem(item),
    byPlatform: (item.engagementByPlatform as EngagementByPlatform | undefined) ?? {},
    version: typeof item.engagementVersion === 'number' ? item.engagementVersion : 0,
    pending: (item.engagementPending as RollupPending | undefined) ?? null,
  };
}

/**
 * Writes the thread's new rollup with what it changed (`pending`, replacing the one `state` had, which
 * the caller settled first) if nobody wrote one since `state` was read (optimistic: the caller reads
 * again and retries on false). A thread whose total is null leaves the engagement listing.
 */
export async function saveThreadRollup(
  state: ThreadRollupState,
  byPlatform: EngagementByPlatform,
  engagement: number | null,
  pending: RollupPending,
): Promise<boolean> {
  const { thread, version } = state;
  const sortKey =
    engagement === null ? null : keys.threadByEngagement(thread.userId, engagement, thread.createdAt, thread.id);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(thread.userId, thread.id),
        UpdateExpression: sortKey
          ? 'SET engagementByPlatform = :latest, engagementVersion = :next, engagementPending = :pending, engagement = :total, gsi5pk = :g5pk, gsi5sk = :g5sk'
          : 'SET engagementByPlatform = :latest, engagementVersion = :next, engagementPending = :pending REMOVE engagement, gsi5pk, gsi5sk',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(engagementVersion) OR engagementVersion = :version)',
        ExpressionAttributeValues: {
          ':latest': byPlatform,
          ':next': version + 1,
          ':version': version,
          ':pending': pending,
          ...(sortKey ? { ':total': engagement, ':g5pk': sortKey.gsi5pk, ':g5sk': sortKey.gsi5sk } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Forgets the thread's settled rollup unless a later write already replaced it. */
export async function clearRollupPending(userId: string, threadId: string, version: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        UpdateExpression: 'REMOVE engagementPending',
        ConditionExpression: 'engagementVersion = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Adds a reading's gain to the user's day, once: the reading's id joins the day's `counted` set in the
 * same write, so a redelivered reading adds nothing. False when that reading was already counted.
 */
export async function addEngagementGainOnce(
  userId: string,
  date: string,
  readingId: string,
  gain: number,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.engagementDay(userId, date),
        UpdateExpression: 'SET #type = :type, #date = :date ADD engagement :gain, counted :reading',
        ConditionExpression: 'attribute_not_exists(counted) OR NOT contains(counted, :id)',
        ExpressionAttributeNames: { '#type': 'type', '#date': 'date' },
        ExpressionAttributeValues: {
          ':type': itemTypes.engagementDay,
          ':date': date,
          ':gain': gain,
          ':reading': new Set([readingId]),
          ':id': readingId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Engagement gained per day from `from` to `to` (YYYY-MM-DD, inclusive): one Query of the user's day items. */
export async function listEngagementDays(userId: string, from: string, to: string): Promise<Map<string, number>> {
  const days = new Map<string, number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.userPartition(userId),
          ':from': `${keys.engagementDayPrefix}${from}`,
          ':to': `${keys.engagementDayPrefix}${to}`,
        },
        ProjectionExpression: '#date, engagement',
        ExpressionAttributeNames: { '#date': 'date' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) days.set(String(item.date), Number(item.engagement ?? 0));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return days;
}

/** Writes the thread's summary unless a later rollup (higher version) already did. */
export async function putThreadInsight(userId: string, insight: ThreadInsight, version: number): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.threadInsight(userId, insight.threadId),
          ...keys.threadInsightListing(userId, insight.publishedAt, insight.threadId),
          type: itemTypes.threadInsight,
          ...insight,
          version,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR version <= :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The summaries of the user's threads first published at or after `since`: one Query of gsi3. */
export async function listThreadInsightsSince(userId: string, since: string): Promise<ThreadInsight[]> {
  const insights: ThreadInsight[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: indexes.threadInsightsByPublished,
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
        ExpressionAttributeValues: { ':pk': keys.threadInsightsPartition(userId), ':since': since },
        // Only what /insights groups by: a year of threads' keys and versions would double the answer.
        ProjectionExpression: 'threadId, title, tone, hookLength, publishedAt, engagement, platforms, #credit',
        ExpressionAttributeNames: { '#credit': 'credit' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      insights.push({
        threadId: String(item.threadId),
        title: String(item.title),
        tone: item.tone as ThreadInsight['tone'],
        hookLength: Number(item.hookLength ?? 0),
        publishedAt: String(item.publishedAt),
        engagement: Number(item.engagement ?? 0),
        platforms: (item.platforms as ThreadInsight['platforms']) ?? {},
        // Insights written before the credit facts were kept have none: the comparisons count them as not known.
        ...(item.credit ? { credit: item.credit as NonNullable<ThreadInsight['credit']> } : {}),
      });
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return insights;
}

/**
 * The title of each of the user's threads named (the ones still there) and whether a reading was ever
 * rolled up onto it: BatchGet of the thread items, projected to those fields.
 */
export async function getThreadTitlesAndReadings(
  userId: string,
  threadIds: readonly string[],
): Promise<Map<string, { title: string; hasReadings: boolean }>> {
  const items = await batchGetItems(
    [...new Set(threadIds)].map((threadId) => keys.thread(userId, threadId)),
    { attributes: ['id', 'title', 'engagementByPlatform'] },
  );
  return new Map(
    items.map((item) => [
      String(item.id),
      {
        title: String(item.title ?? 'Untitled Thread'),
        hasReadings: Object.keys((item.engagementByPlatform as object | undefined) ?? {}).length > 0,
      },
    ]),
  );
}
