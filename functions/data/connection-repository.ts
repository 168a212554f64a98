import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';

/** A user_platform_connections row as stored: token fields hold AES-256-GCM ciphertexts. */
export interface ConnectionRecord {
  userId: string;
  platform: Platform;
  /** The platform's own stable id of the account (functions/services/platforms/account-ids.ts). */
  accountId: string;
  /** The name the workspace gave the account; null: its handle (platformUsername) names it. */
  name: string | null;
  /**
   * True for tokens sealed before several accounts per platform (bound to user and platform only),
   * until a reconnect or refresh seals them again bound to the account too.
   */
  legacyTokenBinding?: boolean;
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
    accountId: String(item.accountId),
    name: (item.name as string | null) ?? null,
    ...(item.legacyTokenBinding === true ? { legacyTokenBinding: true } : {}),
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
export const expiryListing = (
  record: Pick<ConnectionRecord, 'platform' | 'tokenExpiresAt' | 'userId' | 'isConnected' | 'accountId'>,
) =>
  record.isConnected && record.tokenExpiresAt
    ? keys.tokenExpiryListing(record.platform, record.tokenExpiresAt, record.userId, record.accountId)
    : {};

/** Upsert on (workspace, platform, account): connecting the same account again replaces it, another is added. */
export async function putConnection(record: ConnectionRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.platformConnection(record.userId, record.platform, record.accountId),
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
  accountId: string;
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
        ProjectionExpression: 'userId, accountId, tokenExpiresAt',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      found.push({
        userId: String(item.userId),
        accountId: String(item.accountId),
        tokenExpiresAt: String(item.tokenExpiresAt),
      });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/**
 * One account connected in the workspace (ownership is part of the key); `accountId` undefined: the
 * platform's first account in key order, a connected one before a disconnected one.
 */
export async function getConnection(
  userId: string,
  platform: Platform,
  accountId?: string,
): Promise<ConnectionRecord | null> {
  if (accountId === undefined) {
    const accounts = await listConnectionsOfPlatform(userId, platform);
    return accounts.find((account) => account.isConnected) ?? accounts[0] ?? null;
  }
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform, accountId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** The connection rows under a key prefix of the workspace's partition, in key order. */
async function queryConnections(userId: string, prefix: string): Promise<ConnectionRecord[]> {
  const found: ConnectionRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    // A row still under its key from before several accounts (`CONN#<platform>`, no account id) waits for its migration.
    found.push(...(page.Items ?? []).filter((item) => item.accountId !== undefined).map(fromItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** Every connection row of a workspace, every platform and account. */
export function listConnectionsForUser(userId: string): Promise<ConnectionRecord[]> {
  return queryConnections(userId, keys.platformConnectionPrefix);
}

/** The workspace's accounts on one platform. */
export function listConnectionsOfPlatform(userId: string, platform: Platform): Promise<ConnectionRecord[]> {
  return queryConnections(userId, keys.platformConnectionsOfPlatformPrefix(platform));
}

/** Names an account; false when the workspace has no such account. */
export async function renameConnection(
  userId: string,
  platform: Platform,
  accountId: string,
  name: string,
  updatedAt: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.platformConnection(userId, platform, accountId),
        UpdateExpression: 'SET #name = :name, updatedAt = :u',
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':u': updatedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Replaces the stored tokens after a refresh, only while the connection is still connected. */
export async function updateConnectionTokens(
  userId: string,
  platform: Platform,
  accountId: string,
  tokens: Pick<ConnectionRecord, 'accessToken' | 'refreshToken' | 'tokenExpiresAt' | 'updatedAt'>,
): Promise<void> {
  // The expiry listing moves with the new expiry (or goes, for a token that no longer expires).
  const listing = tokens.tokenExpiresAt
    ? keys.tokenExpiryListing(platform, tokens.tokenExpiresAt, userId, accountId)
    : null;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform, accountId),
      // Sealed again bound to the account: a legacy binding goes with the old tokens.
      UpdateExpression: `SET accessToken = :a, refreshToken = :r, tokenExpiresAt = :e, updatedAt = :u${
        listing
          ? ', gsi1pk = :lp, gsi1sk = :ls REMOVE legacyTokenBinding'
          : ' REMOVE gsi1pk, gsi1sk, legacyTokenBinding'
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

/**
 * Disconnect: tokens, username and connection data cleared, is_connected false; the row stays, named
 * by its former handle unless the workspace named it (`formerHandle`), so the list still says which account it was.
 */
export async function disconnectConnection(
  userId: string,
  platform: Platform,
  accountId: string,
  updatedAt: string,
  formerHandle: string | null = null,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform, accountId),
      UpdateExpression:
        'SET isConnected = :no, connectionData = :empty, updatedAt = :u, userId = :user, platform = :platform, ' +
        `accountId = :account, #type = :type${formerHandle ? ', #name = if_not_exists(#name, :handle)' : ''} ` +
        'REMOVE accessToken, refreshToken, tokenExpiresAt, platformUsername, gsi1pk, gsi1sk, legacyTokenBinding',
      ExpressionAttributeNames: { '#type': 'type', ...(formerHandle ? { '#name': 'name' } : {}) },
      ExpressionAttributeValues: {
        ':no': false,
        ':empty': {},
        ':u': updatedAt,
        ':user': userId,
        ':platform': platform,
        ':account': accountId,
        ':type': 'platformConnection',
        ...(formerHandle ? { ':handle': formerHandle } : {}),
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
  accountId: string,
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
        Key: keys.platformConnection(userId, platform, accountId),
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
  accountId: string,
  updatedAt: string,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, platform, accountId),
      // Out of the expiry listing: nothing refreshes a grant that needs the user again.
      UpdateExpression: 'SET connectionData.needsReconnect = :yes, updatedAt = :u REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'isConnected = :yes',
      ExpressionAttributeValues: { ':yes': true, ':u': updatedAt },
    }),
  );
}
