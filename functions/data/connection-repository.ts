import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';

/** A user_platform_connections row as stored: token fields hold AES-256-GCM ciphertexts. */
export interface ConnectionRecord {
  userId: string;
  platform: Platform;
  platformUsername: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: string | null;
  isConnected: boolean;
  connectionData: Record<string, unknown>;
  updatedAt: string;
}

function fromItem(item: Record<string, unknown>): ConnectionRecord {
  return {
    userId: String(item.userId),
    platform: item.platform as Platform,
    platformUsername: (item.platformUsername as string | null) ?? null,
    accessToken: (item.accessToken as string | null) ?? null,
    refreshToken: (item.refreshToken as string | null) ?? null,
    tokenExpiresAt: (item.tokenExpiresAt as string | null) ?? null,
    isConnected: Boolean(item.isConnected),
    connectionData: (item.connectionData as Record<string, unknown>) ?? {},
    updatedAt: String(item.updatedAt),
  };
}

/** The expiry listing of a live connection whose token expires (none otherwise: the listing is sparse). */
const expiryListing = (record: Pick<ConnectionRecord, 'platform' | 'tokenExpiresAt' | 'userId' | 'isConnected'>) =>
  record.isConnected && record.tokenExpiresAt
    ? keys.tokenExpiryListing(record.platform, record.tokenExpiresAt, record.userId)
    : {};

/** Upsert on (user, platform): a user has at most one connection per platform. */
export async function putConnection(record: ConnectionRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.platformConnection(record.userId, record.platform),
        ...expiryListing(record),
        type: itemTypes.platformConnection,
        ...record,
      },
    }),
  );
}

/** A connection listed as expiring: whose and when. */
export interface ExpiringConnection {
  userId: string;
  tokenExpiresAt: string;
}

/** The platform's live connections whose tokens expire before `before` (ISO), soonest first, a page at a time. */
export async function listConnectionsExpiringBefore(platform: Platform, before: string): Promise<ExpiringConnection[]> {
  const found: ExpiringConnection[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: indexes.byGsi1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
        ExpressionAttributeValues: { ':pk': keys.tokenExpiryPartition(platform), ':before': before },
        ProjectionExpression: 'userId, tokenExpiresAt',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      found.push({ userId: String(item.userId), tokenExpiresAt: String(item.tokenExpiresAt) });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** One of the user's connections (ownership is part of the key). */
export async function getConnection(userId: string, platform: Platform): Promise<ConnectionRecord | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.platformConnection(userId, platform), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** Every connection row of a user. */
export async function listConnectionsForUser(userId: string): Promise<ConnectionRecord[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.platformConnectionPrefix },
    }),
  );
  return (result.Items ?? []).map(fromItem);
}

/** Replaces the stored tokens after a refresh, only while the connection is still connected. */
export async function updateConnectionTokens(
  userId: string,
  platform: Platform,
  tokens: Pick<ConnectionRecord, 'accessToken' | 'refreshToken' | 'tokenExpiresAt' | 'updatedAt'>,
): Promise<void> {
  // The expiry listing moves with the new expiry (or goes, for a token that no longer expires).
  const listing = tokens.tokenExpiresAt ? keys.tokenExpiryListing(platform, tokens.tokenExpiresAt, userId) : null;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform),
      UpdateExpression: `SET accessToken = :a, refreshToken = :r, tokenExpiresAt = :e, updatedAt = :u${
        listing ? ', gsi1pk = :lp, gsi1sk = :ls' : ' REMOVE gsi1pk, gsi1sk'
      }`,
      ConditionExpression: 'isConnected = :yes',
      ExpressionAttributeValues: {
        ':a': tokens.accessToken,
        ':r': tokens.refreshToken,
        ':e': tokens.tokenExpiresAt,
        ':u': tokens.updatedAt,
        ':yes': true,
        ...(listing ? { ':lp': listing.gsi1pk, ':ls': listing.gsi1sk } : {}),
      },
    }),
  );
}

/** Disconnect: tokens, username and connection data cleared, is_connected false; the row stays. */
export async function disconnectConnection(userId: string, platform: Platform, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform),
      UpdateExpression:
        'SET isConnected = :no, connectionData = :empty, updatedAt = :u, userId = :user, platform = :platform, #type = :type ' +
        'REMOVE accessToken, refreshToken, tokenExpiresAt, platformUsername, gsi1pk, gsi1sk',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':no': false,
        ':empty': {},
        ':u': updatedAt,
        ':user': userId,
        ':platform': platform,
        ':type': 'platformConnection',
      },
    }),
  );
}

/**
 * Merges `patch` into a connected connection's data (e.g. the chosen Discord channel); false when
 * the user has no live connection on that platform (a disconnect in between wins).
 */
export async function updateConnectionData(
  userId: string,
  platform: Platform,
  patch: Record<string, unknown>,
  updatedAt: string,
): Promise<boolean> {
  const entries = Object.entries(patch);
  const names = Object.fromEntries(entries.map(([key], index) => [`#f${index}`, key]));
  const values = Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value]));
  const sets = entries.map((_, index) => `connectionData.#f${index} = :f${index}`);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.platformConnection(userId, platform),
        UpdateExpression: `SET ${[...sets, 'updatedAt = :u'].join(', ')}`,
        ConditionExpression: 'isConnected = :yes',
        ExpressionAttributeNames: entries.length > 0 ? names : undefined,
        ExpressionAttributeValues: { ...values, ':u': updatedAt, ':yes': true },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A refresh was refused: the connection stays (so the card can offer Reconnect) but cannot post. */
export async function markConnectionNeedsReconnect(
  userId: string,
  platform: Platform,
  updatedAt: string,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform),
      // Out of the expiry listing: nothing refreshes a grant that needs the user again.
      UpdateExpression: 'SET connectionData.needsReconnect = :yes, updatedAt = :u REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'isConnected = :yes',
      ExpressionAttributeValues: { ':yes': true, ':u': updatedAt },
    }),
  );
}
