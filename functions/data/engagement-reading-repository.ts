import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostFigures, ReadingKind } from '../../shared/schemas/insights';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

/** One platform's figures of one thread at one reading, as stored. */
export interface EngagementReadingRecord {
  userId: string;
  threadId: string;
  platform: Platform;
  /** The account whose run was read; null for a run from before several accounts (the platform's first). */
  accountId?: string | null;
  /** The publish run read: a thread published again starts its readings anew. */
  runId: string;
  kind: ReadingKind;
  takenAt: string;
  posts: PostFigures[];
  engagement: number | null;
}

function fromItem(item: Record<string, unknown>): EngagementReadingRecord {
  return {
    userId: String(item.userId),
    threadId: String(item.threadId),
    platform: item.platform as Platform,
    accountId: typeof item.accountId === 'string' ? item.accountId : null,
    runId: String(item.runId),
    kind: item.kind as ReadingKind,
    takenAt: String(item.takenAt),
    posts: (item.posts as PostFigures[]) ?? [],
    engagement: typeof item.engagement === 'number' ? item.engagement : null,
  };
}

/**
 * Stores a reading once: a scheduled kind is written only when that run has none of that kind yet
 * (a redelivered reading changes nothing; a newer run's replaces an older run's); a manual one
 * replaces the last manual one. False when a reading of that kind and run was already stored.
 */
export async function putEngagementReadingOnce(record: EngagementReadingRecord): Promise<boolean> {
  const manual = record.kind === 'manual';
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.engagementReading(record.userId, record.threadId, record.platform, record.kind, record.accountId),
          type: itemTypes.engagementReading,
          ...record,
        },
        ...(manual
          ? {}
          : {
              ConditionExpression: 'attribute_not_exists(pk) OR runId <> :runId',
              ExpressionAttributeValues: { ':runId': record.runId },
            }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One stored reading of a thread, platform and kind; null when none. */
export async function getEngagementReading(
  userId: string,
  threadId: string,
  platform: Platform,
  kind: ReadingKind,
  accountId: string | null = null,
): Promise<EngagementReadingRecord | null> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.engagementReading(userId, threadId, platform, kind, accountId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** Every reading of one of the user's threads (all platforms and kinds; at most 4 per platform). */
export async function listEngagementReadingsOfThread(
  userId: string,
  threadId: string,
): Promise<EngagementReadingRecord[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.userPartition(userId),
        ':prefix': keys.readingsOfThreadPrefix(threadId),
      },
    }),
  );
  return (result.Items ?? []).map(fromItem);
}

/** When 'Refresh now' last ran for the thread; null when never. */
export async function getLastReadingRefresh(userId: string, threadId: string): Promise<string | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.readingRefresh(userId, threadId), ConsistentRead: true }),
  );
  const refreshedAt = result.Item?.refreshedAt;
  return typeof refreshedAt === 'string' ? refreshedAt : null;
}

/**
 * Claims a 'Refresh now' for the thread unless one was made after `notAfter`: a conditional write, so
 * of two requests at once only one reads. False when refused.
 */
export async function claimReadingRefresh(
  userId: string,
  threadId: string,
  now: string,
  notAfter: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.readingRefresh(userId, threadId),
        UpdateExpression: 'SET refreshedAt = :now, #type = :type',
        ConditionExpression: 'attribute_not_exists(refreshedAt) OR refreshedAt <= :notAfter',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':now': now, ':notAfter': notAfter, ':type': itemTypes.readingRefresh },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
