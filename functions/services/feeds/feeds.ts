import { beyondSpecMessages } from '#shared/messages';
import {
  FEED_LIMITS,
  type Feed,
  type FeedList,
  type FeedSettings,
  type InboxItem,
  type InboxPage,
} from '#shared/schemas/feeds';
import { validateArticleUrl } from '#shared/url';
import {
  claimCheckNow,
  createFeed,
  deleteFeedForUser,
  dismissInboxItem,
  type FeedRecord,
  getFeedSettings,
  type InboxItemRecord,
  listFeedsForUser,
  listInboxForUser,
  releaseFeedSlot,
  reserveFeedSlot,
  saveAutoDraftsPerDay,
  setFeedAutoDraft,
} from '../../data/feed-repository';
import { sendToQueue } from '../../lib/aws/sqs';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../lib/errors';
import { feedIdOf } from './feed/dedupe';
import { discoverFeedLinks, looksLikeHtml } from './feed/discover';
import { FeedFetchError, type FeedFetchResult, fetchFeed } from './feed/fetch-feed';
import { FeedParseError, type ParsedFeed } from './feed/parse-feed';
import { afterSuccess, fetchOptions, parseFetched, storeEntries } from './poll-feed';

const texts = beyondSpecMessages.feeds;

/** 'Check now' too soon after the last one (at most once per 5 minutes). */
export class FeedCheckTooSoonError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, texts.checkTooSoon, {}, 'feed_check_too_soon');
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

const feedNotFound = () => new NotFoundError(texts.feedNotFound, 'feed_not_found');
const noFeedFound = () => new DomainError(422, texts.noFeedFound, {}, 'no_feed_found');

export function toFeed(record: FeedRecord): Feed {
  return {
    id: record.feedId,
    url: record.url,
    title: record.title,
    siteUrl: record.siteUrl,
    state: record.state,
    failureReason: record.failureReason,
    consecutiveFailures: record.consecutiveFailures,
    lastCheckedAt: record.lastCheckedAt,
    nextCheckAt: record.nextCheckAt,
    oversized: record.oversized,
    autoDraft: record.autoDraft,
    createdAt: record.createdAt,
  };
}

/** An inbox item's public id: its feed and entry, so the key (and the owner's partition) follow from it. */
const itemIdOf = (item: Pick<InboxItemRecord, 'feedId' | 'entryId'>) => `${item.feedId}.${item.entryId}`;

function toInboxItem(record: InboxItemRecord): InboxItem {
  return {
    id: itemIdOf(record),
    feedId: record.feedId,
    source: record.source,
    title: record.title,
    url: record.url,
    summary: record.summary,
    publishedAt: record.publishedAt,
    autoDraft: record.autoDraft,
  };
}

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

export async function listFeeds(userId: string): Promise<FeedList> {
  const [records, settings] = await Promise.all([listFeedsForUser(userId), getFeedSettings(userId)]);
  return {
    feeds: records.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toFeed),
    settings: { autoDraftsPerDay: settings.autoDraftsPerDay ?? FEED_LIMITS.defaultAutoDraftsPerDay },
  };
}

/** Stops following a feed and drops its inbox entries; another user's feed id is a 404. */
export async function removeFeed(userId: string, feedId: string): Promise<void> {
  if (!(await deleteFeedForUser(userId, feedId))) throw feedNotFound();
  await releaseFeedSlot(userId);
}

export async function setAutoDraft(userId: string, feedId: string, autoDraft: boolean): Promise<Feed> {
  const record = await setFeedAutoDraft(userId, feedId, autoDraft);
  if (!record) throw feedNotFound();
  return toFeed(record);
}

export async function saveFeedSettings(userId: string, settings: FeedSettings): Promise<FeedSettings> {
  await saveAutoDraftsPerDay(userId, settings.autoDraftsPerDay);
  return settings;
}

/** 'Check now': queues a check of the feed, at most once per 5 minutes per feed (429 otherwise). */
export async function checkFeedNow(userId: string, feedId: string, now: Date): Promise<void> {
  const intervalMs = FEED_LIMITS.checkNowIntervalSeconds * 1000;
  const since = new Date(now.getTime() - intervalMs).toISOString();
  const claim = await claimCheckNow(userId, feedId, now.toISOString(), since);
  if (claim === 'missing') throw feedNotFound();
  if (claim === 'too_soon') throw new FeedCheckTooSoonError(FEED_LIMITS.checkNowIntervalSeconds);
  await sendToQueue('feeds', { userId, feedId });
}

export async function listInbox(userId: string, limit: number, cursor?: string): Promise<InboxPage> {
  const page = await listInboxForUser(userId, limit, cursor);
  return { items: page.items.map(toInboxItem), nextCursor: page.nextCursor };
}

/** Dismisses one of the caller's inbox items; another user's item id is a 404. */
export async function dismissItem(userId: string, itemId: string): Promise<void> {
  const [feedId, entryId] = itemId.split('.');
  if (!feedId || !entryId || !(await dismissInboxItem(userId, feedId, entryId))) {
    throw new NotFoundError(texts.inboxItemNotFound, 'inbox_item_not_found');
  }
}
