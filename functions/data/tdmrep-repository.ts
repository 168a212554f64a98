import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** A cached rule of an origin's tdmrep.json (the shape the extraction's parser gives). */
export interface CachedTdmRule {
  location: string;
  reservation: boolean;
  policyUrl: string | null;
}

/** Keeps an origin's tdmrep.json rules (an empty list when it has none) until `expiresAt`. */
export async function cacheTdmrepRules(
  origin: string,
  rules: readonly CachedTdmRule[],
  expiresAt: Date,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.tdmrepFile(origin),
        type: itemTypes.tdmrepFile,
        origin,
        rules,
        [TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000),
      },
    }),
  );
}

/** The cached rules of an origin, or null when none are cached or they expired (TTL deletion lags). */
export async function findCachedTdmrepRules(origin: string, now: Date): Promise<CachedTdmRule[] | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.tdmrepFile(origin) }));
  const item = result.Item;
  if (!item || item.origin !== origin || Number(item[TTL_ATTRIBUTE]) * 1000 <= now.getTime()) return null;
  return Array.isArray(item.rules) ? (item.rules as CachedTdmRule[]) : null;
}
