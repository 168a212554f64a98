import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { normalizePosts, parseHallucination, storedPostTexts } from '../../shared/posts';
import { articleRightsSchema, authorHandlesSchema, languageTagSchema } from '../../shared/schemas/article';
import { plugChoiceSchema } from '../../shared/schemas/plug';
import { webmentionStatusSchema } from '../../shared/schemas/public';
import {
  linkPlacementsSchema,
  type Thread,
  type ThreadSortField,
  type ThreadSortOrder,
  type ThreadSummary,
  threadSchema,
  toneSchema,
} from '../../shared/schemas/thread';
import { cardPreview, isPosted } from '../../shared/thread-summary';
import type { ItemRead } from '../lib/account-checked-read';
import { countAllPages, db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { addToTotals } from './stats-repository';

/** A thread's history sort index keys (gsi3 by date, gsi4 by title); also the sort-key migration's. */
export function threadSortKeys(thread: Pick<Thread, 'userId' | 'title' | 'createdAt' | 'id'>) {
  return {
    ...keys.threadByCreated(thread.userId, thread.createdAt, thread.id),
    ...keys.threadByTitle(thread.userId, thread.title, thread.createdAt, thread.id),
  };
}

function toItem(thread: Thread): Record<string, unknown> {
  return {
    ...keys.thread(thread.userId, thread.id),
    ...keys.threadById(thread.id),
    ...keys.threadListing(thread.createdAt, thread.id),
    ...threadSortKeys(thread),
    type: itemTypes.thread,
    ...thread,
  };
}

/** Handles stored with the thread, when a readable set is there (threads saved before they were kept have none). */
function authorHandlesOf(value: unknown): Pick<Thread, 'authorHandles'> {
  const parsed = authorHandlesSchema.safeParse(value);
  return parsed.success ? { authorHandles: parsed.data } : {};
}

function webmentionOf(value: unknown): Pick<Thread, 'webmention'> {
  const parsed = webmentionStatusSchema.safeParse(value);
  return { webmention: parsed.success ? parsed.data : null };
}

/** The publisher's signals stored with the thread, when readable (older threads have none). */
function rightsOf(value: unknown): Pick<Thread, 'rights'> {
  const parsed = articleRightsSchema.safeParse(value);
  return parsed.success ? { rights: parsed.data } : {};
}

const articleImageSchema = threadSchema.shape.articleImage.unwrap();

/** The outlet, the article's picture and the suggested quote card stored with the thread, when readable (older threads have none). */
function articleSourceOf(
  item: Record<string, unknown>,
): Pick<Thread, 'outlet' | 'articleImage' | 'suggestedQuoteCardPostId'> {
  const image = articleImageSchema.safeParse(item.articleImage);
  return {
    ...(typeof item.outlet === 'string' || item.outlet === null ? { outlet: item.outlet } : {}),
    ...(typeof item.suggestedQuoteCardPostId === 'string'
      ? { suggestedQuoteCardPostId: item.suggestedQuoteCardPostId }
      : {}),
    ...(image.success ? { articleImage: image.data } : {}),
  };
}

/** The thread's language, the one it was translated from and the voice's tone, when stored and valid (older threads have none). */
function languageOf(item: Record<string, unknown>): Pick<Thread, 'language' | 'translatedFrom' | 'voiceTone'> {
  const language = languageTagSchema.nullable().safeParse(item.language);
  const from = languageTagSchema.safeParse(item.translatedFrom);
  const voice = toneSchema.safeParse(item.voiceTone);
  return {
    ...(language.success ? { language: language.data } : {}),
    ...(from.success ? { translatedFrom: from.data } : {}),
    ...(voice.success ? { voiceTone: voice.data } : {}),
  };
}

/** The link placements chosen for the thread, when stored and still allowed (older threads have none). */
function linkPlacementsOf(value: unknown): Pick<Thread, 'linkPlacements'> {
  const parsed = linkPlacementsSchema.safeParse(value);
  return parsed.success ? { linkPlacements: parsed.data } : {};
}

/** The plug chosen for the thread, when stored (older threads have none: the account's default applies). */
function plugOf(value: unknown): Pick<Thread, 'plug'> {
  const parsed = plugChoiceSchema.safeParse(value);
  return parsed.success ? { plug: parsed.data } : {};
}

/** Reads an item back as a Thread, normalising rows written by older versions. */
export function fromItem(item: Record<string, unknown>): Thread {
  return {
    id: String(item.id),
    userId: String(item.userId),
    title: String(item.title ?? 'Untitled Thread'),
    sourceUrl: String(item.sourceUrl ?? ''),
    author: typeof item.author === 'string' ? item.author : null,
    ...authorHandlesOf(item.authorHandles),
    ...articleSourceOf(item),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
    posts: normalizePosts(item.posts),
    themes: Array.isArray(item.themes) ? item.themes.map(String) : [],
    tone: (item.tone as Thread['tone']) ?? 'professional',
    isSensitiveContent: Boolean(item.isSensitiveContent),
    sensitiveCategories: Array.isArray(item.sensitiveCategories) ? item.sensitiveCategories.map(String) : [],
    sensitiveContentMessage: (item.sensitiveContentMessage as string | null) ?? null,
    hallucination: parseHallucination(item.hallucination),
    articleSize: Number(item.articleSize ?? 0),
    generatedSize: Number(item.generatedSize ?? 0),
    postedToX: Boolean(item.postedToX),
    platformPosts: (item.platformPosts as Thread['platformPosts']) ?? {},
    nextScheduled: (item.nextScheduled as Thread['nextScheduled']) ?? null,
    publicId: typeof item.publicId === 'string' ? item.publicId : null,
    isPublic: item.isPublic === true,
    allowIndexing: item.allowIndexing === true,
    ...webmentionOf(item.webmention),
    ...rightsOf(item.rights),
    ...(item.autoDraft ? { autoDraft: true } : {}),
    ...languageOf(item),
    ...linkPlacementsOf(item.linkPlacements),
    ...plugOf(item.plug),
    // Written by the reading rollup; absent until a platform reported a figure.
    ...(typeof item.engagement === 'number' ? { engagement: item.engagement } : {}),
  };
}

/**
 * Reads a listing's projected item back as a card summary, tolerant of older rows as `fromItem` is
 * for the same fields; posts are only counted and the first one cut, never normalised.
 */
export function summaryFromItem(item: Record<string, unknown>): ThreadSummary {
  const posts = storedPostTexts(item.posts);
  return {
    id: String(item.id),
    title: String(item.title ?? 'Untitled Thread'),
    sourceUrl: String(item.sourceUrl ?? ''),
    createdAt: String(item.createdAt),
    tone: (item.tone as Thread['tone']) ?? 'professional',
    themes: Array.isArray(item.themes) ? item.themes.map(String) : [],
    isSensitiveContent: Boolean(item.isSensitiveContent),
    posted: isPosted({
      postedToX: Boolean(item.postedToX),
      platformPosts: (item.platformPosts as Thread['platformPosts']) ?? {},
    }),
    postCount: posts.length,
    preview: cardPreview(posts[0]),
    nextScheduled: (item.nextScheduled as Thread['nextScheduled']) ?? null,
    ...rightsOf(item.rights),
    ...(item.autoDraft ? { autoDraft: true } : {}),
    ...(typeof item.engagement === 'number' ? { engagement: item.engagement } : {}),
  };
}

/** Writes a thread as a whole (creating it, or replacing it with the same id: safe to repeat); counts a new one. */
export async function putThread(thread: Thread): Promise<void> {
  const result = await db.send(
    new PutCommand({ TableName: tableName(), Item: toItem(thread), ReturnValues: 'ALL_OLD' }),
  );
  if (!result.Attributes) await addToTotals({ threads: 1 });
}

/** A thread by id, only if the given user owns it (ownership is part of the key). */
export async function getThreadForUser(userId: string, threadId: string): Promise<Thread | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.thread(userId, threadId), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** `getThreadForUser` as a route's first read, batched with the account check (same key, same consistency). */
export function threadForUserRead(userId: string, threadId: string): ItemRead<Thread | null> {
  return { item: keys.thread(userId, threadId), parse: (item) => (item ? fromItem(item) : null) };
}

/** Who owns a thread id, if it exists (to tell "not found" from "not yours"). */
export async function findThreadOwner(threadId: string): Promise<string | null> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': keys.threadById(threadId).gsi1pk, ':sk': keys.threadById(threadId).gsi1sk },
      ProjectionExpression: 'userId',
      Limit: 1,
    }),
  );
  const owner = result.Items?.[0]?.userId;
  return typeof owner === 'string' ? owner : null;
}

export type ThreadContentUpdate = Partial<
  Pick<
    Thread,
    | 'posts'
    | 'themes'
    | 'tone'
    | 'title'
    | 'author'
    | 'outlet'
    | 'articleImage'
    | 'suggestedQuoteCardPostId'
    | 'authorHandles'
    | 'isSensitiveContent'
    | 'sensitiveCategories'
    | 'sensitiveContentMessage'
    | 'hallucination'
    | 'articleSize'
    | 'generatedSize'
    | 'rights'
    | 'language'
    | 'translatedFrom'
    | 'voiceTone'
  >
>;

/** Updates an existing thread of the user; returns the new thread, or null if they own none with that id. */
export async function updateThreadForUser(
  userId: string,
  threadId: string,
  changes: ThreadContentUpdate,
  updatedAt: string,
): Promise<Thread | null> {
  const fields = Object.entries({ ...changes, updatedAt }).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = fields.map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:v${index}`] = value;
    return `#f${index} = :v${index}`;
  });
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!result.Attributes) return null;
    const updated = fromItem(result.Attributes);
    // A new title moves the thread in the by-title index (regeneration renames a thread).
    const { gsi4sk } = threadSortKeys(updated);
    if (result.Attributes.gsi4sk !== gsi4sk) {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.thread(userId, threadId),
          UpdateExpression: 'SET gsi4sk = :sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':sk': gsi4sk },
        }),
      );
    }
    return updated;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The last key of a page, handed back to continue after it. */
export type ThreadPageKey = Record<string, string>;

/**
 * The index listings a page is read from: one per sort, and for the engagement sort a second one,
 * `unread` (threads without figures, newest first), which follows the read ones in either order.
 */
export type ThreadListing = ThreadSortField | 'unread';

/** Where a page stopped: the listing and its last key. */
export interface ThreadPagePosition {
  listing: ThreadListing;
  key: ThreadPageKey;
}

export interface ThreadPage {
  threads: ThreadSummary[];
  /** Present when the page was full: where to continue from. */
  next: ThreadPagePosition | null;
}

/** The index attributes that make up a page key for each listing. */
export const THREAD_PAGE_KEY_ATTRIBUTES: Record<ThreadListing, readonly string[]> = {
  createdAt: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
  title: ['pk', 'sk', 'gsi4pk', 'gsi4sk'],
  engagement: ['pk', 'sk', 'gsi5pk', 'gsi5sk'],
  unread: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
};

/** The listings a sort reads, in order. */
export const LISTINGS_OF_SORT: Record<ThreadSortField, readonly ThreadListing[]> = {
  createdAt: ['createdAt'],
  title: ['title'],
  engagement: ['engagement', 'unread'],
};

/**
 * What a listing reads of each thread: the fields of its card summary (posts whole, for their count
 * and the first one's preview: an item keeps no count), every listing's page-key attributes (the
 * cursor is built from the last row) and gsi5pk, which the unread listing filters on.
 */
const LISTING_ATTRIBUTES = [
  ...new Set([
    'id',
    'title',
    'sourceUrl',
    'createdAt',
    'tone',
    'themes',
    'isSensitiveContent',
    'postedToX',
    'platformPosts',
    'posts',
    'rights',
    'autoDraft',
    'engagement',
    'nextScheduled',
    ...Object.values(THREAD_PAGE_KEY_ATTRIBUTES).flat(),
    'gsi5pk',
  ]),
];
// Every name through a placeholder: DynamoDB reserves hundreds of words, and a field added later must not break the read.
const LISTING_PROJECTION = {
  ProjectionExpression: LISTING_ATTRIBUTES.map((_, index) => `#p${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(LISTING_ATTRIBUTES.map((name, index) => [`#p${index}`, name])),
};

const LISTING_INDEX = {
  createdAt: indexes.threadsByCreated,
  title: indexes.threadsByTitle,
  engagement: indexes.threadsByEngagement,
  unread: indexes.threadsByCreated,
} as const;

async function queryListing(
  userId: string,
  listing: ThreadListing,
  order: ThreadSortOrder,
  limit: number,
  startKey: ThreadPageKey | null,
): Promise<ThreadPage> {
  const [, , indexPk] = THREAD_PAGE_KEY_ATTRIBUTES[listing];
  const unread = listing === 'unread';
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: LISTING_INDEX[listing],
      KeyConditionExpression: `${indexPk} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.threadsOfUser(userId) },
      // Threads without figures are listed newest first whichever way the read ones go.
      ScanIndexForward: unread ? false : order === 'asc',
      Limit: limit,
      ...(unread ? { FilterExpression: 'attribute_not_exists(gsi5pk)' } : {}),
      ...LISTING_PROJECTION,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const items = result.Items ?? [];
  // A filtered page may end on a row it left out: continue after the last row read, not the last returned.
  const last = unread ? result.LastEvaluatedKey : items[items.length - 1];
  const key =
    result.LastEvaluatedKey && last
      ? Object.fromEntries(THREAD_PAGE_KEY_ATTRIBUTES[listing].map((name) => [name, String(last[name])]))
      : null;
  return { threads: items.map(summaryFromItem), next: key ? { listing, key } : null };
}

/**
 * One page of the user's threads in the order of one index (creation time, title or engagement,
 * either way): one Query, never a read of all threads sorted in memory. By engagement, the threads
 * with figures come first, then, on the same page if room is left, those never read.
 */
export async function listThreadsForUser(
  userId: string,
  sort: { field: ThreadSortField; order: ThreadSortOrder },
  limit: number,
  start: ThreadPagePosition | null,
): Promise<ThreadPage> {
  const listings = LISTINGS_OF_SORT[sort.field];
  const listing = start?.listing ?? listings[0] ?? sort.field;
  const page = await queryListing(userId, listing, sort.order, limit, start?.key ?? null);
  const following = listings[listings.indexOf(listing) + 1];
  if (page.next || !following || page.threads.length >= limit) return page;
  const rest = await queryListing(userId, following, sort.order, limit - page.threads.length, null);
  return { threads: [...page.threads, ...rest.threads], next: rest.next };
}

/**
 * The id of the user's newest thread, or null: the history's poll. Only the id is read (one small
 * item from gsi3), so the poll costs one read however large the threads are.
 */
export async function getNewestThreadIdForUser(userId: string): Promise<string | null> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.threadsByCreated,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.threadsOfUser(userId) },
      ProjectionExpression: 'id',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const newest = result.Items?.[0];
  return newest ? String(newest.id) : null;
}

/** How many threads an owner (a user or a workspace) has, and when the newest was created. */
export interface ThreadActivity {
  threadCount: number;
  lastThreadAt: string | null;
}

/**
 * A workspace's activity for the back office, from gsi3 `THREADS#<id>`: the newest thread's
 * createdAt (one small item, descending) and a `Select: COUNT` over the same index partition.
 */
export async function getThreadActivity(ownerId: string): Promise<ThreadActivity> {
  const byCreated = {
    IndexName: indexes.threadsByCreated,
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.threadsOfUser(ownerId) },
  };
  const [newest, threadCount] = await Promise.all([
    db.send(
      new QueryCommand({
        ...byCreated,
        TableName: tableName(),
        ProjectionExpression: 'createdAt',
        ScanIndexForward: false,
        Limit: 1,
      }),
    ),
    countAllPages(byCreated),
  ]);
  const createdAt = newest.Items?.[0]?.createdAt;
  return { threadCount, lastThreadAt: typeof createdAt === 'string' ? createdAt : null };
}

/** The newest threads of every user, from the admin listing (gsi2 `THREADS`), newest first. */
export async function listNewestThreads(limit: number): Promise<Thread[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.threadsListingPartition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(fromItem);
}

/** Deletes the user's thread; false if they own none with that id (ownership is part of the key). */
export async function deleteThreadForUser(userId: string, threadId: string): Promise<boolean> {
  try {
    const result = await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const engagement = result.Attributes?.engagement;
    await addToTotals(
      typeof engagement === 'number'
        ? { threads: -1, engagement: -engagement, threadsWithReadings: -1 }
        : { threads: -1 },
    );
    await deleteThreadInsight(userId, threadId);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Removes a thread's insights summary (the thread was deleted; the days it gained engagement keep their figures). */
export async function deleteThreadInsight(userId: string, threadId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.threadInsight(userId, threadId) }));
}

/**
 * Applies `update` to the thread when it still exists: a thread deleted meanwhile (a publish or a
 * schedule finishing after it) has nothing left to record on, so nothing is written.
 */
async function updateThreadIfPresent(
  userId: string,
  threadId: string,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        ConditionExpression: 'attribute_exists(pk)',
        ...update,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Records one platform's result on the thread (platform_posts, and posted_to_x for twitter). */
export async function recordPlatformPost(
  userId: string,
  threadId: string,
  platform: string,
  result: { posted: boolean; postUrl?: string },
  updatedAt: string,
): Promise<void> {
  const setPostedToX = platform === 'twitter' && result.posted ? ', postedToX = :yes' : '';
  await updateThreadIfPresent(userId, threadId, {
    UpdateExpression: `SET platformPosts.#platform = :result, updatedAt = :u${setPostedToX}`,
    ExpressionAttributeNames: { '#platform': platform },
    ExpressionAttributeValues: { ':result': result, ':u': updatedAt, ...(setPostedToX ? { ':yes': true } : {}) },
  });
}

/**
 * Keeps the thread's soonest upcoming scheduled publish on it (null: none), so the detail and the
 * history's cards show it without another read; nothing is written for a thread that is gone.
 */
export async function setThreadNextScheduled(
  userId: string,
  threadId: string,
  next: NonNullable<Thread['nextScheduled']> | null,
): Promise<void> {
  await updateThreadIfPresent(
    userId,
    threadId,
    next
      ? { UpdateExpression: 'SET nextScheduled = :next', ExpressionAttributeValues: { ':next': next } }
      : { UpdateExpression: 'REMOVE nextScheduled' },
  );
}

/**
 * Keeps the link placements chosen on the share step with the thread (the caller merges them over
 * earlier ones), so its later runs, a scheduled fire included, place the link the same way; nothing
 * is written for a thread that is gone.
 */
export async function setThreadLinkPlacements(
  userId: string,
  threadId: string,
  placements: NonNullable<Thread['linkPlacements']>,
): Promise<void> {
  await updateThreadIfPresent(userId, threadId, {
    UpdateExpression: 'SET linkPlacements = :placements',
    ExpressionAttributeValues: { ':placements': placements },
  });
}

/** Keeps the plug chosen on the share step with the thread, so its later runs (a scheduled fire too) arm it; nothing is written for a thread that is gone. */
export async function setThreadPlug(
  userId: string,
  threadId: string,
  plug: NonNullable<Thread['plug']>,
): Promise<void> {
  await updateThreadIfPresent(userId, threadId, {
    UpdateExpression: 'SET plug = :plug',
    ExpressionAttributeValues: { ':plug': plug },
  });
}
