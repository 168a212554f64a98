import { utcDate } from '#shared/dates';
import { beyondSpecMessages } from '#shared/messages';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import {
  type FeedRecord,
  getFeedForUser,
  type InboxItemRecord,
  putInboxItemOnce,
  saveFeedAfterCheck,
} from '../../data/feed-repository';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { autoDraftNewItems } from './auto-draft';
import { uniqueEntries } from './feed/dedupe';
import { FeedFetchError, type FeedFetchResult, fetchFeed } from './feed/fetch-feed';
import { closeCutFeed, FeedParseError, type ParsedFeed, parseFeedDocument } from './feed/parse-feed';

/** A healthy feed is due again at the next fan-out (every 30 minutes; a little less, so it is not missed). */
const OK_INTERVAL_MS = 29 * 60 * 1000;
/** A failing feed is checked daily until it recovers or is removed. */
const FAILING_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The fetch options of every feed read (add, poll), from the configuration. */
export function fetchOptions(validators: Pick<FeedRecord, 'etag' | 'lastModified'> | null = null) {
  return {
    allowPrivateHosts: config().allowPrivateFetchHosts,
    timeoutMs: config().feedFetchTimeoutMs,
    maxBytes: FEED_LIMITS.maxFeedBytes,
    etag: validators?.etag,
    lastModified: validators?.lastModified,
  };
}

/** Parses a fetched body, a cut one after closing it at its last whole entry. */
export function parseFetched(fetched: Extract<FeedFetchResult, { status: 'fetched' }>): ParsedFeed {
  if (!fetched.truncated) return parseFeedDocument(fetched.body, fetched.url);
  const closed = closeCutFeed(fetched.body);
  if (!closed) throw new FeedParseError(beyondSpecMessages.feeds.oversized);
  return parseFeedDocument(closed, fetched.url);
}

/** Lands a parsed feed's entries in the owner's inbox, each once; returns those that are new, newest first. */
export async function storeEntries(feed: FeedRecord, parsed: ParsedFeed, now: Date): Promise<InboxItemRecord[]> {
  const fresh: InboxItemRecord[] = [];
  for (const entry of uniqueEntries(parsed.entries)) {
    const item: InboxItemRecord = {
      userId: feed.userId,
      feedId: feed.feedId,
      entryId: entry.entryId,
      source: parsed.title || feed.title,
      title: entry.title || entry.link,
      url: entry.link,
      summary: entry.summary,
      // An undated entry is as new as the check that found it.
      publishedAt: entry.publishedAt ?? now.toISOString(),
      dismissed: false,
      autoDraft: null,
    };
    if (await putInboxItemOnce(item)) fresh.push(item);
  }
  return fresh.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/** The feed after a successful check: healthy, its validators kept, due again in 30 minutes. */
export function afterSuccess(
  feed: FeedRecord,
  now: Date,
  validators: Pick<FeedRecord, 'etag' | 'lastModified'>,
  oversized: boolean,
  title?: string,
): FeedRecord {
  return {
    ...feed,
    ...validators,
    title: title || feed.title,
    state: 'ok',
    failureReason: oversized ? beyondSpecMessages.feeds.oversized : null,
    consecutiveFailures: 0,
    oversized,
    lastCheckedAt: now.toISOString(),
    nextCheckAt: new Date(now.getTime() + OK_INTERVAL_MS).toISOString(),
  };
}

/** The feed after a failed check: the reason kept; failing from the fifth in a row, then checked daily. */
export function afterFailure(feed: FeedRecord, now: Date, reason: string): FeedRecord {
  const consecutiveFailures = feed.consecutiveFailures + 1;
  const failing = consecutiveFailures >= FEED_LIMITS.failuresBeforeFailing;
  return {
    ...feed,
    state: failing ? 'failing' : 'ok',
    failureReason: reason,
    consecutiveFailures,
    lastCheckedAt: now.toISOString(),
    nextCheckAt: new Date(now.getTime() + (failing ? FAILING_INTERVAL_MS : OK_INTERVAL_MS)).toISOString(),
  };
}

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
