import type { Platform } from '#shared/schemas/thread';
import { disconnectConnection } from '../../data/connection-repository';

/**
 * What disconnecting does in an area above this one (scheduling), passed in by the caller so that
 * connections never imports it: the platform failed on the user's upcoming scheduled items.
 */
export interface DisconnectHooks {
  failPlatformOnUpcomingItems(userId: string, platform: Platform, now: Date): Promise<void>;
  /** The user's armed plugs on the platform cancelled, their pending checks deleted (insights). */
  cancelPlugsOfPlatform(userId: string, platform: Platform, now: Date): Promise<void>;
}

/**
 * Disconnect: tokens, username and connection data cleared, is_connected false; the platform fails at
 * once on the user's upcoming scheduled items, and its armed plugs are cancelled.
 */
export async function disconnectPlatform(
  userId: string,
  platform: Platform,
  now: Date,
  hooks: DisconnectHooks,
): Promise<void> {
  await disconnectConnection(userId, platform, now.toISOString());
  await hooks.failPlatformOnUpcomingItems(userId, platform, now);
  await hooks.cancelPlugsOfPlatform(userId, platform, now);
}
