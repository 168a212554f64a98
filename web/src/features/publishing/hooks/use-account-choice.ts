import { useState } from 'react';
import type { ChosenAccounts, ConnectionView } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { isUsable } from '../../connections/lib/connection-state';

/**
 * The accounts chosen per platform on the share step: asked only where a platform has several usable
 * accounts (with one, the server posts to it). A platform with several and none chosen holds the share
 * back, as the server refuses it.
 */
export function useAccountChoice(connections: readonly ConnectionView[]) {
  const [chosen, setChosen] = useState<Partial<Record<Platform, string[]>>>({});
  const accountsOf = (platform: Platform) =>
    connections.filter((connection) => connection.platform === platform && isUsable(connection));
  // A choice of an account no longer usable (disconnected since) is dropped.
  const chosenOf = (platform: Platform) =>
    (chosen[platform] ?? []).filter((id) => accountsOf(platform).some((account) => account.accountId === id));
  return {
    chosen: Object.fromEntries(
      Object.keys(chosen).map((platform) => [platform, chosenOf(platform as Platform)]),
    ) as Partial<Record<Platform, string[]>>,
    change: (platform: Platform, accountIds: string[]) =>
      setChosen((before) => ({ ...before, [platform]: accountIds })),
    /** Platforms with several accounts and none chosen. */
    missingFor: (platforms: readonly Platform[]) =>
      platforms.filter((platform) => accountsOf(platform).length > 1 && chosenOf(platform).length === 0),
    /** The publish request's `accounts`: only platforms with several accounts (absent: none to send). */
    chosenFor: (platforms: readonly Platform[]): ChosenAccounts | undefined => {
      const entries = platforms
        .filter((platform) => accountsOf(platform).length > 1 && chosenOf(platform).length > 0)
        .map((platform) => [platform, chosenOf(platform)] as const);
      return entries.length > 0 ? (Object.fromEntries(entries) as ChosenAccounts) : undefined;
    },
  };
}
