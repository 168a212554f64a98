import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

export interface PlatformSettingRow {
  platformId: string;
  isEnabled: boolean;
}

/** Every admin platform toggle (a handful of rows in one partition). */
export async function listPlatformSettings(): Promise<PlatformSettingRow[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.platformSettingsPartition, ':prefix': keys.platformSettingPrefix },
    }),
  );
  return (result.Items ?? []).map((item) => ({
    platformId: String(item.platformId ?? String(item.sk).slice(keys.platformSettingPrefix.length)),
    isEnabled: item.isEnabled !== false,
  }));
}
