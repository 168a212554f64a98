import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebmentionStatus } from '../../shared/schemas/public';
import type { Thread } from '../../shared/schemas/thread';
import { batchGetItems, db, isConditionFailure, tableName } from './client';
import { indexes, itemTypes, keys } from './keys';
import { fromItem } from './thread-repository';

/** Where a public page's thread is: its owner and id. */
export interface PublicThreadRef {
  userId: string;
  threadId: string;
}

/**
 * Makes the user's thread public or private. A thread keeps the public id it was first given
 * (`if_not_exists`), so repeating the call, or making it public again, keeps its link. Null when
 * the user owns no such thread.
 */
export async function setThreadVisibility(
  userId: string,
  threadId: string,
  visibility: { isPublic: boolean; allowIndexing: boolean; newPublicId: string },
  updatedAt: string,
): Promise<Thread | null> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        UpdateExpression:
          'SET publicId = if_not_exists(publicId, :id), isPublic = :public, allowIndexing = :index, updatedAt = :u',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':id': visibility.newPublicId,
          ':public': visibility.isPublic,
          ':index': visibility.allowIndexing,
          ':u': updatedAt,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes ? fromItem(result.Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Writes the entry that finds a public thread by its public id and by its article (safe to repeat). */
export async function putPublicThreadEntry(thread: Thread, publicId: string, articleUrl: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.publicThread(thread.userId, thread.id),
        ...keys.publicThreadById(publicId),
        ...keys.publicThreadAboutArticle(articleUrl, thread.createdAt, thread.id),
        type: itemTypes.publicThread,
        userId: thread.userId,
        threadId: thread.id,
        publicId,
      },
    }),
  );
}

/** Removes a thread's public entry (private again, or deleted); nothing happens when there is none. */
export async function deletePublicThreadEntry(userId: string, threadId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.publicThread(userId, threadId) }));
}

function refOf(item: Record<string, unknown> | undefined): PublicThreadRef | null {
  return item && typeof item.userId === 'string' && typeof item.threadId === 'string'
    ? { userId: item.userId, threadId: item.threadId }
    : null;
}

/** The thread a public id names, if an entry has it (the thread itself says whether it is still public). */
export async function findPublicThread(publicId: string): Promise<PublicThreadRef | null> {
  const key = keys.publicThreadById(publicId);
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': key.gsi1pk, ':sk': key.gsi1sk },
      Limit: 1,
    }),
  );
  return refOf(result.Items?.[0]);
}

/** The public threads about an article (its normalised URL), newest first, at most `limit`. */
export async function listPublicThreadsAboutArticle(articleUrl: string, limit: number): Promise<PublicThreadRef[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.byGsi2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.aboutArticlePartition(articleUrl) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(refOf).filter((ref): ref is PublicThreadRef => ref !== null);
}

/** These threads, in the order given (the ones gone left out). */
export async function getThreads(refs: PublicThreadRef[]): Promise<Thread[]> {
  const items = await batchGetItems(refs.map((ref) => keys.thread(ref.userId, ref.threadId)));
  const byKey = new Map(items.map((item) => [`${item.userId}#${item.id}`, fromItem(item)]));
  return refs.map((ref) => byKey.get(`${ref.userId}#${ref.threadId}`)).filter((thread) => thread !== undefined);
}

/** Sets the thread's Webmention state if `condition` holds: false when it does not (or the thread is gone). */
async function writeWebmention(
  userId: string,
  threadId: string,
  status: WebmentionStatus,
  condition: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.thread(userId, threadId),
        UpdateExpression: 'SET webmention = :w',
        ConditionExpression: `attribute_exists(pk) AND (${condition})`,
        ExpressionAttributeValues: { ':w': status, ':h': status.contentHash, ':t': status.target },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims the Webmention of this thread content: true unless one was already claimed for the same
 * content and target (so it is sent at most once per thread and target until the thread changes).
 */
export function claimWebmention(userId: string, threadId: string, pending: WebmentionStatus): Promise<boolean> {
  return writeWebmention(
    userId,
    threadId,
    pending,
    'attribute_not_exists(webmention) OR webmention.contentHash <> :h OR webmention.target <> :t',
  );
}

/** Records where the claimed Webmention ended, unless a newer claim (other content or target) replaced it. */
export async function recordWebmention(userId: string, threadId: string, status: WebmentionStatus): Promise<void> {
  await writeWebmention(userId, threadId, status, 'webmention.contentHash = :h AND webmention.target = :t');
}
