import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { itemTypes, keys } from './keys';

/** Security events are kept for 90 days. */
const RETENTION_SECONDS = 90 * 24 * 3600;

/** Records a security event (spec §6) in the acting user's partition. */
export async function recordSecurityEvent(
  userId: string,
  eventType: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const createdAt = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.securityEvent(userId, createdAt, randomUUID()),
        type: itemTypes.securityEvent,
        userId,
        eventType,
        eventDetails: details,
        createdAt,
        expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}
