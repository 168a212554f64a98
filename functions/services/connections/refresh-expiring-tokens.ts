import { ReconnectRequiredError } from '#functions/lib/errors';
import type { Platform } from '#shared/schemas/thread';
import { listConnectionsExpiringBefore } from '../../data/connection-repository';
import { logger } from '../../lib/logger';
import { loadLiveConnection } from './connections';

/**
 * Platforms whose tokens must be refreshed while still valid even when nothing is published:
 * a Threads long-lived token lasts 60 days and an expired one cannot be refreshed.
 */
export const IDLE_REFRESH_PLATFORMS: readonly Platform[] = ['threads'];
/** The daily run refreshes tokens with fewer than this many days left (a week of daily chances). */
export const REFRESH_WITHIN_DAYS = 7;

export interface TokenRefreshSummary {
  refreshed: number;
  /** Refused or already expired: the connection is marked needs-reconnect and its card says so. */
  needsReconnect: number;
  /** The platform could not be reached: tomorrow's run tries again. */
  retryLater: number;
}

/**
 * The daily refresh of idle connections' tokens: each connected account of the platforms above whose
 * token expires within a week (from the expiry listing, no Scan) is loaded as publishing loads it,
 * which refreshes and stores the token, or marks the connection needs-reconnect when refused.
 * One at a time: a handful a day, and a platform's rate limits stay far away.
 */
export async function refreshExpiringTokens(now: Date): Promise<TokenRefreshSummary> {
  const summary: TokenRefreshSummary = { refreshed: 0, needsReconnect: 0, retryLater: 0 };
  const before = new Date(now.getTime() + REFRESH_WITHIN_DAYS * 24 * 3_600_000).toISOString();
  for (const platform of IDLE_REFRESH_PLATFORMS) {
    for (const { userId, accountId, tokenExpiresAt } of await listConnectionsExpiringBefore(platform, before)) {
      try {
        const live = await loadLiveConnection(userId, platform, now, accountId);
        if (live && live.credentials.expiresAt !== tokenExpiresAt) summary.refreshed++;
      } catch (error) {
        if (error instanceof ReconnectRequiredError) {
          summary.needsReconnect++;
          continue;
        }
        summary.retryLater++;
        logger.warn('token refresh failed; retried tomorrow', {
          userId,
          platform,
          accountId,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  logger.info('expiring platform tokens refreshed', { ...summary });
  return summary;
}
