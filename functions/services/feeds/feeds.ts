import { feedMessages } from '#shared/messages/feeds';
import {
  FEED_LIMITS,
  type Feed,
  type FeedList,
  type FeedSettings,
  type InboxItem,
  type InboxPage,
} from '#shared/schemas/feeds';
import {
  claimCheckNow,
  deleteFeedForUser,
  dismissInboxItem,
  type FeedRecord,
  getFeedSettings,
  type InboxItemRecord,
  listFeedsForUser,
  listInboxForUser,
  releaseFeedSlot,
  saveAutoDraftsPerDay,
  setFeedAutoDraft,
} from '../../data/feed-repository';
import { sendToQueue } from '../../lib/aws/sqs';
import { DomainError, NotFoundError } from '../../lib/errors';
import { settleSwitchedOffItems } from '../generation/auto-draft-outcome';

const texts = feedMessages;

/** 'Check now' too soon after the last one (at most once per 5 minutes). */
export class FeedCheckTooSoonError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, texts.checkTooSoon, {}, 'feed_check_too_soon');
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

const feedNotFound = () => new NotFoundError(texts.feedNotFound, 'feed_not_found');

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
  if (!autoDraft) await settleSwitchedOffItems(userId, feedId, new Date());
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
