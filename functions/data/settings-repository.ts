import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isPlatformEnabled as enabledIn } from '../../shared/platforms';
import { PLATFORMS, type Platform } from '../../shared/schemas/thread';
import { db, tableName } from './client';
import { itemTypes, keys } from './keys';

/** Whether a platform is enabled for connecting and publishing (no setting stored = enabled). */
export async function isPlatformEnabled(platform: Platform): Promise<boolean> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.platformSetting(platform), ConsistentRead: true }),
  );
  return enabledIn(platform, result.Item ? [{ platformId: platform, isEnabled: result.Item.isEnabled !== false }] : []);
}

/** Every platform's setting in one Query (platforms without a stored setting are enabled). */
export async function listPlatformSettings(): Promise<Record<Platform, boolean>> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.platformSettingsPartition, ':prefix': keys.platformSettingPrefix },
      ConsistentRead: true,
    }),
  );
  const rows = (result.Items ?? []).map((item) => ({
    platformId: String(item.platformId),
    isEnabled: item.isEnabled !== false,
  }));
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, enabledIn(platform, rows)])) as Record<
    Platform,
    boolean
  >;
}

/** update_platform_setting: stores a platform's toggle (read by every platform endpoint on its next call). */
export async function setPlatformEnabled(platform: Platform, isEnabled: boolean, now: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.platformSetting(platform),
        type: itemTypes.platformSetting,
        platformId: platform,
        isEnabled,
        updatedAt: now,
      },
    }),
  );
}
