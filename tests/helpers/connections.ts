import type { ItemKey } from '../../functions/data/keys';
import type { Platform } from '../../shared/schemas/thread';

/**
 * The table key of the workspace's first account on `platform` (the one a test connected), for tests
 * that read or alter the stored row itself. Loaded lazily: the table's environment is set by the test first.
 */
export async function connectionKeyOf(userId: string, platform: Platform): Promise<ItemKey> {
  const { getConnection } = await import('../../functions/data/connection-repository');
  const { keys } = await import('../../functions/data/keys');
  const record = await getConnection(userId, platform);
  if (!record) throw new Error(`no ${platform} account is connected for ${userId}`);
  return keys.platformConnection(userId, platform, record.accountId);
}
