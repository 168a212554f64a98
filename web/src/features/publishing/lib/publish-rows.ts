import { platformDisplayName } from '#shared/platforms';
import type { ChosenAccounts, PlatformPublishState } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';

/**
 * One live posting row: a platform posted to its only account, or one chosen account of a platform
 * with several (each its own run: its own progress, link, error and retry).
 */
export interface PublishRow {
  platform: Platform;
  /** The chosen account of a platform with several; absent: the platform's only account. */
  accountId?: string;
  /** The run's live state; undefined until the status names it. */
  row: PlatformPublishState | undefined;
}

/**
 * The rows of one press of the share button: per chosen platform, one per chosen account (its run
 * found by platform and account), else the platform's one row (its first run, as before several
 * accounts per platform).
 */
export function publishRowsOf(
  platforms: readonly Platform[],
  accounts: ChosenAccounts | undefined,
  runs: readonly PlatformPublishState[] | undefined,
): PublishRow[] {
  return platforms.flatMap((platform): PublishRow[] => {
    const ids = accounts?.[platform] ?? [];
    if (ids.length === 0) return [{ platform, row: runs?.find((run) => run.platform === platform) }];
    return ids.map((accountId) => ({
      platform,
      accountId,
      row: runs?.find((run) => run.platform === platform && run.accountId === accountId),
    }));
  });
}

/**
 * What a row is called: 'Mastodon' for a platform's only account; 'Mastodon · @news@social.example'
 * for a chosen one of several (its name as the status gives it, else its id until the status answers).
 */
export function publishRowLabel({ platform, accountId, row }: PublishRow): string {
  const name = platformDisplayName(platform);
  return accountId ? `${name} · ${row?.accountName ?? accountId}` : name;
}

/** The row's stable key and test id: `publish-row-mastodon`, or `publish-row-mastodon-<accountId>` for one of several. */
export const publishRowId = ({ platform, accountId }: Pick<PublishRow, 'platform' | 'accountId'>): string =>
  accountId ? `publish-row-${platform}-${accountId}` : `publish-row-${platform}`;

/** True once every row's run ended (posted or failed). */
export const allRowsEnded = (rows: readonly PublishRow[]): boolean =>
  rows.length > 0 && rows.every(({ row }) => row?.status === 'completed' || row?.status === 'failed');

/** The request that publishes one row again (a failed account resumes where it stopped). */
export const retryTarget = ({
  platform,
  accountId,
}: PublishRow): { platforms: Platform[]; accounts?: ChosenAccounts } =>
  accountId ? { platforms: [platform], accounts: { [platform]: [accountId] } } : { platforms: [platform] };
