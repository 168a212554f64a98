import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

export interface StoredOAuthState {
  userId: string;
  provider: string;
  nonce: string;
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

/** Spends a state: true once per nonce, and only for the provider it was issued for. */
export async function deleteOAuthStateOnce(userId: string, nonce: string, provider: string): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.oauthState(userId, nonce),
        ConditionExpression: 'attribute_exists(pk) AND provider = :provider',
        ExpressionAttributeValues: { ':provider': provider },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
