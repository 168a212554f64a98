import { utcDate } from '#shared/dates';
import { type FeedRecord, getFeedForUser, saveFeedAfterCheck } from '../../data/feed-repository';
import { logger } from '../../lib/logger';
import { draftPendingItems } from './auto-draft';
import { FeedFetchError, fetchFeed } from './feed/fetch-feed';
import { FeedParseError } from './feed/parse-feed';
import { afterFailure, afterSuccess, fetchOptions, parseFetched, storeEntries } from './feed-check';

export type PollOutcome = 'gone' | 'not-modified' | 'fetched' | 'failed';

/**
 * One check of one feed (a scheduled poll or 'Check now'): a conditional GET with its last
 * validators, new entries into the inbox (and, with Auto-draft on, drafted within the day's cap and
 * the balance, pending ones left by an earlier check included), the feed's state and next check written back. A feed that cannot be fetched or
 * parsed counts a failure with its reason and nothing else is touched. Repeating a check is safe:
 * entries land once, and a removed feed is left alone.
 */
export async function pollFeed(userId: string, feedId: string, now: Date): Promise<PollOutcome> {
  const feed = await getFeedForUser(userId, feedId);
  if (!feed) return 'gone';
  let next: FeedRecord;
  let outcome: PollOutcome;
  try {
    const fetched = await fetchFeed(feed.url, fetchOptions(feed));
    if (fetched.status === 'not-modified') {
      next = afterSuccess(feed, now, feed, feed.oversized);
      outcome = 'not-modified';
    } else {
      const parsed = parseFetched(fetched);
      await storeEntries(feed, parsed, now);
      next = afterSuccess(
        feed,
        now,
        { etag: fetched.etag, lastModified: fetched.lastModified },
        fetched.truncated,
        parsed.title,
      );
      outcome = 'fetched';
    }
  } catch (error) {
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) throw error;
    logger.info('feed check failed', { feedId, reason: error.message });
    next = afterFailure(feed, now, error.message);
    outcome = 'failed';
  }
  if (!(await saveFeedAfterCheck(next))) return 'gone';
  // Also after a 304 or a failure: a check that stopped before settling its items left them pending.
  if (feed.autoDraft) await draftPendingItems(userId, feedId, utcDate(now), now);
  return outcome;
}
