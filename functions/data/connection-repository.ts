import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

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

/** Upsert on (user, platform): a user has at most one connection per platform. */
export async function putConnection(record: ConnectionRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.platformConnection(record.userId, record.platform),
        type: itemTypes.platformConnection,
        ...record,
      },
    }),
  );
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
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform),
      UpdateExpression: 'SET accessToken = :a, refreshToken = :r, tokenExpiresAt = :e, updatedAt = :u',
      ConditionExpression: 'isConnected = :yes',
      ExpressionAttributeValues: {
        ':a': tokens.accessToken,
        ':r': tokens.refreshToken,
        ':e': tokens.tokenExpiresAt,
        ':u': tokens.updatedAt,
        ':yes': true,
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
        'REMOVE accessToken, refreshToken, tokenExpiresAt, platformUsername',
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
      UpdateExpression: 'SET connectionData.needsReconnect = :yes, updatedAt = :u',
      ConditionExpression: 'isConnected = :yes',
      ExpressionAttributeValues: { ':yes': true, ':u': updatedAt },
    }),
  );
}
