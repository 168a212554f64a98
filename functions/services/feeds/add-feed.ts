import { beyondSpecMessages } from '#shared/messages';
import { FEED_LIMITS, type Feed } from '#shared/schemas/feeds';
import { validateArticleUrl } from '#shared/url';
import { createFeed, type FeedRecord, releaseFeedSlot, reserveFeedSlot } from '../../data/feed-repository';
import { ConflictError, DomainError, ValidationError } from '../../lib/errors';
import { feedIdOf } from './feed/dedupe';
import { discoverFeedLinks, looksLikeHtml } from './feed/discover';
import { FeedFetchError, type FeedFetchResult, fetchFeed } from './feed/fetch-feed';
import { FeedParseError, type ParsedFeed } from './feed/parse-feed';
import { afterSuccess, fetchOptions, parseFetched, storeEntries } from './feed-check';
import { toFeed } from './feeds';

// Adding a feed, apart from the other feed routes' use cases (feeds.ts), so only its route bundles
// the fetcher, the parser and the HTML reader.

const texts = beyondSpecMessages.feeds;
const noFeedFound = () => new DomainError(422, texts.noFeedFound, {}, 'no_feed_found');

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
    if (error instanceof FeedParseError) return null;
    throw error;
  }
}

/**
 * Finds the feed at a feed's URL or a site's URL: the address itself when it is a feed, else the
 * first feed its page names with `<link rel="alternate">` that reads as one.
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
  for (const candidate of discoverFeedLinks(first.body, first.url).slice(0, 3)) {
    const fetched = await read(candidate).catch(() => null);
    const parsed = fetched && !looksLikeHtml(fetched.contentType, fetched.body) ? parseOrNull(fetched) : null;
    if (fetched && parsed) return { fetched, parsed };
  }
  throw noFeedFound();
}

/**
 * Follows a feed (POST /api/feeds): found by its URL or by autodiscovery, read at once so its
 * entries are in the inbox when this answers, up to 50 feeds per user, each feed once.
 */
export async function addFeed(userId: string, input: string, now: Date): Promise<Feed> {
  const checked = validateArticleUrl(input);
  if (!checked.ok) throw new ValidationError(checked.error, 'invalid_url');
  const { fetched, parsed } = await findFeed(checked.url);
  if (!(await reserveFeedSlot(userId, FEED_LIMITS.maxFeedsPerUser))) {
    throw new ConflictError(texts.limitReached, 'feed_limit_reached');
  }
  const base: FeedRecord = {
    feedId: feedIdOf(fetched.url),
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
  if (!(await createFeed(feed))) {
    await releaseFeedSlot(userId);
    throw new ConflictError(texts.alreadyAdded, 'feed_already_added');
  }
  await storeEntries(feed, parsed, now);
  return toFeed(feed);
}
