import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normalizePosts, parseHallucination } from '../../shared/posts';
import type { Thread } from '../../shared/schemas/thread';
import { db, isConditionFailure, tableName } from './client';
import { indexes, keys } from './keys';

function toItem(thread: Thread): Record<string, unknown> {
  return {
    ...keys.thread(thread.userId, thread.id),
    ...keys.threadById(thread.id),
    ...keys.threadListing(thread.createdAt, thread.id),
    type: 'thread',
    ...thread,
  };
}

/** Reads an item back as a Thread, normalising rows written by older versions. */
export function fromItem(item: Record<string, unknown>): Thread {
  return {
    id: String(item.id),
    userId: String(item.userId),
    title: String(item.title ?? 'Untitled Thread'),
    sourceUrl: String(item.sourceUrl ?? ''),
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
  };
}

/** Writes a thread as a whole (creating it, or replacing it with the same id: safe to repeat). */
export async function putThread(thread: Thread): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: toItem(thread) }));
}

/** A thread by id, only if the given user owns it (ownership is part of the key). */
export async function getThreadForUser(userId: string, threadId: string): Promise<Thread | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.thread(userId, threadId), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
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
    | 'isSensitiveContent'
    | 'sensitiveCategories'
    | 'sensitiveContentMessage'
    | 'hallucination'
    | 'articleSize'
    | 'generatedSize'
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
    return result.Attributes ? fromItem(result.Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
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
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        UpdateExpression: `SET platformPosts.#platform = :result, updatedAt = :u${setPostedToX}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#platform': platform },
        ExpressionAttributeValues: { ':result': result, ':u': updatedAt, ...(setPostedToX ? { ':yes': true } : {}) },
      }),
    );
  } catch (error) {
    // A thread deleted while it was being published has nothing left to record on.
    if (!isConditionFailure(error)) throw error;
  }
}
