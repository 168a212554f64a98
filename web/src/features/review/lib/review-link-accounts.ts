import { platformDisplayName } from '#shared/platforms';
import type { ChosenAccounts, ConnectionView } from '#shared/schemas/publishing';
import type { CreateReviewLinkRequest, ReviewLinkView } from '#shared/schemas/review-link';
import type { Platform } from '#shared/schemas/thread';
import { isUsable } from '../../connections/lib/connection-state';

/** The accounts of a platform a link can show: its usable connections. */
export const reviewAccountsOf = (connections: readonly ConnectionView[], platform: Platform): ConnectionView[] =>
  connections.filter((connection) => connection.platform === platform && isUsable(connection));

/** The platforms ticked that have several accounts and none chosen (Create waits for a choice). */
export const platformsMissingAccounts = (
  platforms: readonly Platform[],
  chosen: ChosenAccounts,
  connections: readonly ConnectionView[],
): Platform[] =>
  platforms.filter(
    (platform) => reviewAccountsOf(connections, platform).length > 1 && (chosen[platform] ?? []).length === 0,
  );

/**
 * The create request: nothing ticked asks for the server's default (the scheduled items' accounts,
 * else every connected one); else the platforms ticked and, for those with several accounts, the
 * accounts chosen (still connected ones only).
 */
export function reviewLinkRequest(
  platforms: readonly Platform[],
  chosen: ChosenAccounts,
  connections: readonly ConnectionView[],
): CreateReviewLinkRequest {
  if (platforms.length === 0) return {};
  const entries = platforms.flatMap((platform) => {
    const usable = reviewAccountsOf(connections, platform);
    const ids = (chosen[platform] ?? []).filter((id) => usable.some((account) => account.accountId === id));
    return usable.length > 1 && ids.length > 0 ? [[platform, ids] as const] : [];
  });
  return {
    platforms: [...platforms],
    ...(entries.length > 0 ? { accounts: Object.fromEntries(entries) as ChosenAccounts } : {}),
  };
}

/**
 * What a listed link shows: 'Mastodon (@news@social.example, Harbour desk), Telegram': each platform,
 * with the accounts it names (their names as connected now, else their ids).
 */
export function reviewLinkTargetsText(
  link: Pick<ReviewLinkView, 'platforms' | 'accounts'>,
  connections: readonly ConnectionView[],
): string {
  return link.platforms
    .map((platform) => {
      const ids = link.accounts?.[platform] ?? [];
      const names = ids.map(
        (id) =>
          connections.find((connection) => connection.platform === platform && connection.accountId === id)?.name ?? id,
      );
      return names.length > 0
        ? `${platformDisplayName(platform)} (${names.join(', ')})`
        : platformDisplayName(platform);
    })
    .join(', ');
}
