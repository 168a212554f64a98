import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { type IndexName, TABLE_INDEXES } from './table-definition';

/** Security events are kept for 90 days. */
const RETENTION_SECONDS = 90 * 24 * 3600;

/** Records a security event in the acting user's partition, listed for the admin security log. */
export async function recordSecurityEvent(
  userId: string,
  eventType: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const createdAt = now.toISOString();
  const eventId = randomUUID();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.securityEvent(userId, createdAt, eventId),
        ...keys.securityEventListings(userId, eventType, createdAt, eventId),
        type: itemTypes.securityEvent,
        eventId,
        userId,
        eventType,
        eventDetails: details,
        createdAt,
        expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}

export interface SecurityEvent {
  id: string;
  userId: string;
  eventType: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** Which events the security log lists: all, one type, one user, or one user's events of one type. */
export interface SecurityEventFilter {
  eventType?: string;
  userId?: string;
}

/** Where one filter's events are read from: the table or an index, and its one partition. */
export interface SecurityEventSource {
  index: IndexName | null;
  partitionKey: { name: string; value: string };
  /** The attributes of a page's last key (and so of a valid cursor). */
  keyAttributes: string[];
  /** Set on the table: the sort-key prefix every event of the partition starts with. */
  sortKeyPrefix?: string;
}

/**
 * The partition a filter reads, newest first, without a Scan: the global listing (gsi2), one type's
 * (gsi1), the user's own partition, or one user's events of one type (gsi3).
 */
export function securityEventSource(filter: SecurityEventFilter): SecurityEventSource {
  const { eventType, userId } = filter;
  if (userId && eventType)
    return indexSource(
      indexes.securityEventsByUserAndType,
      keys.securityEventsOfUserAndTypePartition(userId, eventType),
    );
  if (eventType) return indexSource(indexes.byGsi1, keys.securityEventsOfTypePartition(eventType));
  if (userId) {
    return {
      index: null,
      partitionKey: { name: 'pk', value: keys.userPartition(userId) },
      keyAttributes: ['pk', 'sk'],
      sortKeyPrefix: keys.securityEventPrefix,
    };
  }
  return indexSource(indexes.byGsi2, keys.securityEventsListingPartition);
}

function indexSource(index: IndexName, partition: string): SecurityEventSource {
  const definition = TABLE_INDEXES.find((candidate) => candidate.indexName === index);
  if (!definition) throw new Error(`Unknown index ${index}`);
  return {
    index,
    partitionKey: { name: definition.partitionKey, value: partition },
    keyAttributes: ['pk', 'sk', definition.partitionKey, definition.sortKey],
  };
}

/** One page of a source's events, newest first, from `startKey` on. */
export async function listSecurityEvents(
  source: SecurityEventSource,
  limit: number,
  startKey: Record<string, unknown> | null,
): Promise<{ events: SecurityEvent[]; lastKey: Record<string, unknown> | null }> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      ...(source.index ? { IndexName: source.index } : {}),
      KeyConditionExpression: source.sortKeyPrefix ? '#pk = :pk AND begins_with(sk, :prefix)' : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': source.partitionKey.name },
      ExpressionAttributeValues: {
        ':pk': source.partitionKey.value,
        ...(source.sortKeyPrefix ? { ':prefix': source.sortKeyPrefix } : {}),
      },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return {
    events: (page.Items ?? []).map((item) => ({
      id: String(item.eventId ?? item.sk),
      userId: String(item.userId),
      eventType: String(item.eventType),
      details: (item.eventDetails ?? {}) as Record<string, unknown>,
      createdAt: String(item.createdAt),
    })),
    lastKey: page.LastEvaluatedKey ?? null,
  };
}
