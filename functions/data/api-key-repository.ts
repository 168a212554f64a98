/**
 * API keys: one item per key under the SHA-256 of its secret (keys.ts `apiKey`), listed by workspace
 * on gsi1 while live. Creation, revocation and each recorded use are single conditional writes.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyScope } from '../../shared/schemas/api-keys';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** How many source addresses a key remembers (a use from any other is recorded as a new address). */
export const KNOWN_ADDRESSES_KEPT = 10;
/** A revoked key's item stays this long (its hash then still answers "revoked"), then TTL removes it. */
const REVOKED_KEPT_SECONDS = 30 * 86_400;

export interface ApiKeyRecord {
  keyId: string;
  keyHash: string;
  workspaceId: string;
  /** The user who created it: the key acts as them, within its scopes, in its workspace. */
  userId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The secret's first characters, shown in the listing. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The last few source addresses it was used from, newest last. */
  addresses: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function apiKeyOf(item: Record<string, unknown>): ApiKeyRecord {
  return {
    keyId: String(item.keyId),
    keyHash: String(item.keyHash),
    workspaceId: String(item.workspaceId),
    userId: String(item.userId),
    name: String(item.name),
    scopes: (Array.isArray(item.scopes) ? item.scopes : []) as ApiKeyScope[],
    prefix: String(item.prefix),
    createdAt: String(item.createdAt),
    lastUsedAt: text(item.lastUsedAt),
    revokedAt: text(item.revokedAt),
    addresses: (Array.isArray(item.addresses) ? item.addresses : []).map(String),
  };
}

/** Stores a new key under its hash (never over another: a hash collision would be refused). */
export async function putApiKey(key: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt' | 'addresses'>): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.apiKey(key.keyHash),
        ...keys.apiKeyListing(key.workspaceId, key.keyId),
        type: itemTypes.apiKey,
        ...key,
        addresses: [],
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The key with this hash, read consistently (a revocation just made is seen). */
export async function getApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  return item ? apiKeyOf(item) : null;
}

/** A workspace's live keys, oldest first. */
export async function listApiKeysOfWorkspace(workspaceId: string): Promise<ApiKeyRecord[]> {
  const found: ApiKeyRecord[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.apiKeysOfWorkspace,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.apiKeysOfWorkspacePartition(workspaceId) },
  }))
    found.push(apiKeyOf(item));
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** One live key of a workspace by its id (null: none such in this workspace). */
export async function findApiKeyOfWorkspace(workspaceId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const { Items: found = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.apiKeysOfWorkspace,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :keyId',
      ExpressionAttributeValues: { ':pk': keys.apiKeysOfWorkspacePartition(workspaceId), ':keyId': keyId },
      Limit: 1,
    }),
  );
  return found[0] ? apiKeyOf(found[0]) : null;
}

/**
 * Revokes a key of this workspace: marked revoked and taken off the listing, kept a while for the
 * verifier's "revoked" answer. False when it is not this workspace's or was revoked already.
 */
export async function revokeApiKey(workspaceId: string, keyHash: string, now: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(keyHash),
        UpdateExpression: 'SET revokedAt = :now, #ttl = :ttl REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND workspaceId = :workspaceId AND attribute_not_exists(revokedAt)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':workspaceId': workspaceId,
          ':ttl': Math.floor(now.getTime() / 1000) + REVOKED_KEPT_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Records a use at `now` from `addresses` (the key's known addresses, the new one last), unless the
 * stored last use is at or after `notBefore` and the address list is unchanged: the condition keeps
 * concurrent uses from writing more than once. False when nothing was written (or the key was revoked).
 */
export async function recordApiKeyUse(
  keyHash: string,
  use: { now: Date; notBefore: Date; addresses: string[]; newAddress: boolean },
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(keyHash),
        UpdateExpression: 'SET lastUsedAt = :now, addresses = :addresses',
        ConditionExpression: use.newAddress
          ? 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND NOT contains(addresses, :address)'
          : 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :notBefore)',
        ExpressionAttributeValues: {
          ':now': use.now.toISOString(),
          ':addresses': use.addresses.slice(-KNOWN_ADDRESSES_KEPT),
          ...(use.newAddress
            ? { ':address': use.addresses[use.addresses.length - 1] }
            : { ':notBefore': use.notBefore.toISOString() }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes every key of a workspace (its deletion, or its owner account's): the number deleted. */
export async function deleteApiKeysOfWorkspace(workspaceId: string): Promise<number> {
  const listed = await listApiKeysOfWorkspace(workspaceId);
  for (const key of listed) await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.apiKey(key.keyHash) }));
  return listed.length;
}
