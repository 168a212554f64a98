import { addDays } from '#shared/dates';
import { listUserIdsRefreshedOn, refreshFreeCreditsIfStale } from '../../data/credits-repository';
import { logger } from '../../lib/logger';

/** Days back the midnight job looks for stale balances; older ones refresh at their owner's next use. */
export const REFRESH_LOOKBACK_DAYS = 31;

/**
 * Resets every stale balance's free credits to its daily allowance for `today` (no stacking).
 * Safe to run twice or concurrently with first-use refreshes: each reset is conditional.
 */
export async function refreshAllFreeCredits(today: string): Promise<{ refreshed: number }> {
  let refreshed = 0;
  for (let back = REFRESH_LOOKBACK_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    for await (const userId of listUserIdsRefreshedOn(date)) {
      if (await refreshFreeCreditsIfStale(userId, today)) refreshed++;
    }
  }
  logger.info('free credits refreshed', { today, refreshed });
  return { refreshed };
}
