import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RateLimitedError } from '../lib/errors';
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
  return (await countUse(userId, budget, window, windowEnd, limit)) !== null;
}

/** The same count, answering the uses of the window so far (this one included), or null when spent. */
async function countUse(
  userId: string,
  budget: string,
  window: string,
  windowEnd: Date,
  limit: number,
): Promise<number | null> {
  try {
    const { Attributes: counted } = await db.send(
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
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(counted?.uses ?? 1);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export const HOUR_MS = 60 * 60 * 1000;

/** The fixed window of `lengthMs` that holds `now`: its name (start time) and its end. */
function windowOf(now: Date, lengthMs: number): { name: string; end: Date } {
  const start = Math.floor(now.getTime() / lengthMs) * lengthMs;
  return { name: new Date(start).toISOString(), end: new Date(start + lengthMs) };
}

/** Where a budget stands after a use: its limit, the uses left in the window, and the seconds until it resets. */
export interface BudgetState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Counts one use of `budget` in the fixed window of `lengthMs` holding `now`: where the budget then
 * stands; when spent, a 429 (`message`) whose Retry-After is the time left in the window.
 */
export async function takeWindowBudget(
  userId: string,
  budget: string,
  lengthMs: number,
  limit: number,
  message: string,
  now: Date,
): Promise<BudgetState> {
  const window = windowOf(now, lengthMs);
  const resetSeconds = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
  const used = await countUse(userId, budget, window.name, window.end, limit);
  if (used !== null) return { limit, remaining: Math.max(0, limit - used), resetSeconds };
  throw new RateLimitedError(message, resetSeconds);
}
