import { utcDate } from '#shared/dates';
import { type FeedRecord, getFeedForUser, type InboxItemRecord, saveFeedAfterCheck } from '../../data/feed-repository';
import { logger } from '../../lib/logger';
import { autoDraftNewItems } from './auto-draft';
import { FeedFetchError, fetchFeed } from './feed/fetch-feed';
import { FeedParseError } from './feed/parse-feed';
import { afterFailure, afterSuccess, fetchOptions, parseFetched, storeEntries } from './feed-check';

export type PollOutcome = 'gone' | 'not-modified' | 'fetched' | 'failed';

/**
 * One check of one feed (a scheduled poll or 'Check now'): a conditional GET with its last
 * validators, new entries into the inbox (and, with Auto-draft on, drafted within the day's cap and
 * the balance), the feed's state and next check written back. A feed that cannot be fetched or
 * parsed counts a failure with its reason and nothing else is touched. Repeating a check is safe:
 * entries land once, and a removed feed is left alone.
 */
export async function pollFeed(userId: string, feedId: string, now: Date): Promise<PollOutcome> {
  const feed = await getFeedForUser(userId, feedId);
  if (!feed) return 'gone';
  let next: FeedRecord;
  let outcome: PollOutcome;
  let fresh: InboxItemRecord[] = [];
  try {
    const fetched = await fetchFeed(feed.url, fetchOptions(feed));
    if (fetched.status === 'not-modified') {
      next = afterSuccess(feed, now, feed, feed.oversized);
      outcome = 'not-modified';
    } else {
      const parsed = parseFetched(fetched);
      fresh = await storeEntries(feed, parsed, now);
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
  if (feed.autoDraft && fresh.length > 0) await autoDraftNewItems(userId, fresh, utcDate(now), now);
  return outcome;
}
