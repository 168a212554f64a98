import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

export interface StoredOAuthState {
  userId: string;
  provider: string;
  nonce: string;
  /** The SHA-256 of the browser key the flow's cookie carries: only that browser may spend the state. */
  browserHash: string;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
}

/** Stores a new state's nonce in its user's partition (expires with the state). */
export async function saveOAuthState(state: StoredOAuthState): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.oauthState(state.userId, state.nonce), type: itemTypes.oauthState, ...state },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Spends a state: true once per nonce, only for the provider it was issued for and only from the
 * browser whose key hashes to `browserHash`; anything else deletes nothing.
 */
export async function deleteOAuthStateOnce(
  userId: string,
  nonce: string,
  provider: string,
  browserHash: string,
): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.oauthState(userId, nonce),
        ConditionExpression: 'attribute_exists(pk) AND provider = :provider AND browserHash = :browserHash',
        ExpressionAttributeValues: { ':provider': provider, ':browserHash': browserHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Whether a state is still unspent for that provider (after a refused spend: another browser, or spent). */
export async function isOAuthStateUnspent(userId: string, nonce: string, provider: string): Promise<boolean> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.oauthState(userId, nonce), ConsistentRead: true }),
  );
  return result.Item?.provider === provider;
}
