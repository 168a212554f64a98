import type { Platform } from '#shared/schemas/thread';
import { disconnectConnection } from '../../data/connection-repository';
import { failPlatformOnUpcomingItems } from '../scheduling/scheduled-items';

/**
 * Disconnect: tokens, username and connection data cleared, is_connected false; the platform fails at
 * once on the user's upcoming scheduled items. Apart from connections.ts, which scheduling imports.
 */
export async function disconnectPlatform(userId: string, platform: Platform, now: Date): Promise<void> {
  await disconnectConnection(userId, platform, now.toISOString());
  await failPlatformOnUpcomingItems(userId, platform, now);
}
