import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** One cheap read that proves the table is reachable. */
export async function checkTable(): Promise<void> {
  await db.send(new GetCommand({ TableName: tableName(), Key: keys.onceMarker('health', 'probe') }));
}
