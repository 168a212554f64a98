import type { Platform } from '#shared/schemas/thread';
import { disconnectConnection, listConnectionsOfPlatform } from '../../data/connection-repository';
import { accountName } from '../platforms/account-ids';
import { AccountNotFoundError } from './connections';

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
 * Disconnects one account (`accountId`) or, with none named, every account on the platform: tokens and
 * connection data cleared, is_connected false (the row stays, so the list can offer Reconnect). Once no
 * account is left connected on the platform, it fails at once on the upcoming scheduled items and its
 * armed plugs are cancelled; while another account is, an item or plug naming the disconnected one
 * fails when it comes due (it finds the account not connected).
 */
export async function disconnectPlatform(
  userId: string,
  platform: Platform,
  now: Date,
  hooks: DisconnectHooks,
  accountId?: string,
): Promise<void> {
  const accounts = await listConnectionsOfPlatform(userId, platform);
  const leaving = accountId ? accounts.filter((account) => account.accountId === accountId) : accounts;
  if (accountId && leaving.length === 0) throw new AccountNotFoundError(platform);
  for (const account of leaving) {
    await disconnectConnection(userId, platform, account.accountId, now.toISOString(), accountName(account));
  }
  const stillConnected = accounts.some((account) => account.isConnected && !leaving.includes(account));
  if (stillConnected) return;
  await hooks.failPlatformOnUpcomingItems(userId, platform, now);
  await hooks.cancelPlugsOfPlatform(userId, platform, now);
}
