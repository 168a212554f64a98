import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/**
 * Counts one use against a budget of `limit` uses in the window `window` (a fixed window named by
 * its start, ending at `windowEnd`). One conditional single-item write: concurrent requests never
 * both take the last use. Returns false, counting nothing, when the budget is spent.
 */
export async function takeFromBudget(
  userId: string,
  budget: string,
  window: string,
  windowEnd: Date,
  limit: number,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateCounter(userId, budget, window),
        UpdateExpression: 'ADD #uses :one SET #expires = :expires',
        ConditionExpression: 'attribute_not_exists(#uses) OR #uses < :limit',
        ExpressionAttributeNames: { '#uses': 'uses', '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expires': Math.ceil(windowEnd.getTime() / 1000),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
