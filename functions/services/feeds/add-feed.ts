import { feedMessages } from '#shared/messages/feeds';
import { FEED_LIMITS, type Feed } from '#shared/schemas/feeds';
import { validateArticleUrl } from '#shared/url';
import {
  createFeed,
  deleteFeedForUser,
  type FeedRecord,
  getFeedForUser,
  releaseFeedSlot,
  reserveFeedSlot,
  saveFeedAfterCheck,
} from '../../data/feed-repository';
import { ConflictError, DomainError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { feedIdOf } from './feed/dedupe';
import { discoverFeedLinks, looksLikeFeed, looksLikeHtml } from './feed/discover';
import { FeedFetchError, type FeedFetchResult, fetchFeed } from './feed/fetch-feed';
import { FeedParseError, type ParsedFeed } from './feed/parse-feed';
import { afterSuccess, fetchOptions, parseFetched, storeEntries } from './feed-check';
import { toFeed } from './feeds';

// Adding a feed, apart from the other feed routes' use cases (feeds.ts), so only its route bundles
// the fetcher, the parser and the HTML reader.

const texts = feedMessages;
const noFeedFound = () => new DomainError(422, texts.noFeedFound, {}, 'no_feed_found');
const alreadyAdded = () => new ConflictError(texts.alreadyAdded, 'feed_already_added');

async function read(url: string): Promise<Extract<FeedFetchResult, { status: 'fetched' }>> {
  try {
    const fetched = await fetchFeed(url, fetchOptions());
    // No validators were sent, so a 304 cannot answer; treated as nothing to read.
    if (fetched.status !== 'fetched') throw noFeedFound();
    return fetched;
  } catch (error) {
    if (error instanceof FeedFetchError) throw new DomainError(422, error.message, {}, 'feed_unreachable');
    throw error;
  }
}

function parseOrNull(fetched: Extract<FeedFetchResult, { status: 'fetched' }>): ParsedFeed | null {
  try {
    return parseFetched(fetched);
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    // A body that is a feed by its root but cannot be read says why; anything else is no feed.
    if (looksLikeFeed(fetched.body)) throw new DomainError(422, error.message, {}, 'feed_unreadable');
    return null;
  }
}

/**
 * Finds the feed at a feed's URL or a site's URL: the address itself when it is a feed (told by its
 * body first, then its type), else the first feed its page names with `<link rel="alternate">` that
 * reads as one.
 */
async function findFeed(
  url: string,
): Promise<{ fetched: Extract<FeedFetchResult, { status: 'fetched' }>; parsed: ParsedFeed }> {
  const first = await read(url);
  if (!looksLikeHtml(first.contentType, first.body)) {
    const parsed = parseOrNull(first);
    if (!parsed) throw noFeedFound();
    return { fetched: first, parsed };
  }
  let unreadable: unknown = null;
  for (const candidate of discoverFeedLinks(first.body, first.url).slice(0, 3)) {
    const fetched = await read(candidate).catch(() => null);
    if (!fetched || looksLikeHtml(fetched.contentType, fetched.body)) continue;
    try {
      const parsed = parseOrNull(fetched);
      if (parsed) return { fetched, parsed };
    } catch (error) {
      // A named feed that cannot be read: the next one may; if none does, this is the answer.
      unreadable ??= error;
    }
  }
  throw unreadable ?? noFeedFound();
}

/**
 * Follows a feed (POST /api/feeds): found by its URL or by autodiscovery, read at once so its
 * newest entries are in the inbox when this answers, up to 50 feeds per user, each feed once (a
 * feed already followed is said so before the limit). All or nothing: the feed is created due at
 * once and only marked checked after its entries landed, and a failure in between removes it and
 * gives its place back, so adding again works.
 */
export async function addFeed(userId: string, input: string, now: Date): Promise<Feed> {
  const checked = validateArticleUrl(input);
  if (!checked.ok) throw new ValidationError(checked.error, 'invalid_url');
  const { fetched, parsed } = await findFeed(checked.url);
  const feedId = feedIdOf(fetched.url);
  if (await getFeedForUser(userId, feedId)) throw alreadyAdded();
  if (!(await reserveFeedSlot(userId, FEED_LIMITS.maxFeedsPerUser))) {
    throw new ConflictError(texts.limitReached, 'feed_limit_reached');
  }
  const base: FeedRecord = {
    feedId,
    userId,
    url: fetched.url,
    title: parsed.title || new URL(fetched.url).hostname,
    siteUrl: parsed.siteUrl,
    state: 'ok',
    failureReason: null,
    consecutiveFailures: 0,
    lastCheckedAt: null,
    lastCheckNowAt: null,
    nextCheckAt: now.toISOString(),
    oversized: false,
    autoDraft: false,
    etag: null,
    lastModified: null,
    createdAt: now.toISOString(),
  };
  const feed = afterSuccess(base, now, { etag: fetched.etag, lastModified: fetched.lastModified }, fetched.truncated);
  // Until its entries have landed the feed is due and has no validators: should this stop midway
  // (a timeout), the next poll reads the whole feed and lands the rest.
  if (!(await createFeed(base))) {
    await releaseFeedSlot(userId);
    throw alreadyAdded();
  }
  try {
    await storeEntries(feed, parsed, now);
    await saveFeedAfterCheck(feed);
  } catch (error) {
    try {
      await deleteFeedForUser(userId, feedId);
      await releaseFeedSlot(userId);
    } catch (cleanupError) {
      logger.error('a failed feed add could not be undone', { feedId, error: cleanupError });
    }
    throw error;
  }
  return toFeed(feed);
}
