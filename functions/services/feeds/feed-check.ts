import { feedMessages } from '#shared/messages/feeds';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import {
  type FeedRecord,
  findStoredInboxEntries,
  type InboxItemRecord,
  putInboxItemOnce,
} from '../../data/feed-repository';
import { config } from '../../lib/config';
import { clipText } from '../text/clip-text';
import { newestUniqueEntries } from './feed/dedupe';
import type { FeedFetchResult } from './feed/fetch-feed';
import { closeCutFeed, FeedParseError, type ParsedFeed, parseFeedDocument } from './feed/parse-feed';

// What adding a feed and polling it share: the fetch options, parsing a (cut) body, landing entries,
// and the feed's state after a check.

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
  if (!closed) throw new FeedParseError(feedMessages.oversized);
  return parseFeedDocument(closed, fetched.url);
}

const STORE_PARALLELISM = 8;

/**
 * Lands a parsed feed's newest entries (FEED_LIMITS.entriesPerFetch) in the owner's inbox, each
 * once: those already stored (under their key, or a guid-less one under the key it had before
 * #fragments counted) are not written again. Returns how many were new.
 */
export async function storeEntries(feed: FeedRecord, parsed: ParsedFeed, now: Date): Promise<number> {
  const newest = newestUniqueEntries(parsed.entries, FEED_LIMITS.entriesPerFetch);
  const stored = await findStoredInboxEntries(
    feed.userId,
    feed.feedId,
    newest.flatMap((entry) => (entry.legacyEntryId ? [entry.entryId, entry.legacyEntryId] : [entry.entryId])),
  );
  const unseen = newest.filter(
    (entry) => !stored.has(entry.entryId) && !(entry.legacyEntryId && stored.get(entry.legacyEntryId) === entry.link),
  );
  const items = unseen.map(
    (entry): InboxItemRecord => ({
      userId: feed.userId,
      feedId: feed.feedId,
      entryId: entry.entryId,
      source: parsed.title || feed.title,
      title: entry.title || clipText(entry.link, FEED_LIMITS.titleChars),
      url: entry.link,
      summary: entry.summary,
      // An undated entry is as new as the check that found it.
      publishedAt: entry.publishedAt ?? now.toISOString(),
      dismissed: false,
      // Left pending for the check's Auto-draft, which settles it (a retry finds it still pending).
      autoDraft: feed.autoDraft ? { status: 'pending' } : null,
    }),
  );
  let fresh = 0;
  // A few writes at a time, each a conditional put (a check running beside this one lands it once too).
  for (let start = 0; start < items.length; start += STORE_PARALLELISM) {
    const landed = await Promise.all(items.slice(start, start + STORE_PARALLELISM).map(putInboxItemOnce));
    fresh += landed.filter(Boolean).length;
  }
  return fresh;
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
    failureReason: oversized ? feedMessages.oversized : null,
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
