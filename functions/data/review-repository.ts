/**
 * Threads' reviews, their comments and each workspace's activity log, all in the workspace's
 * partition (deleting a workspace or an account removes them with the rest of its items).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityKind } from '../../shared/schemas/review';
import type { ReviewState } from '../../shared/workspaces/approval';
import { batchDeleteItems, db, queryAllPages, tableName } from './client';
import { itemTypes, keys } from './keys';

export interface ReviewRecord {
  workspaceId: string;
  threadId: string;
  state: ReviewState;
  sentVersion: string | null;
  sentBy: string | null;
  sentAt: string | null;
  approvedVersion: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  updatedAt: string;
}

export interface ReviewCommentRecord {
  workspaceId: string;
  threadId: string;
  commentId: string;
  postId: string | null;
  text: string;
  authorId: string;
  authorEmail: string;
  createdAt: string;
}

export interface ActivityRecord {
  workspaceId: string;
  activityId: string;
  kind: ActivityKind;
  at: string;
  actorId: string;
  actorEmail: string;
  threadId: string | null;
  threadTitle: string | null;
  detail: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function reviewOf(item: Record<string, unknown>): ReviewRecord {
  return {
    workspaceId: String(item.workspaceId),
    threadId: String(item.threadId),
    state: item.state as ReviewState,
    sentVersion: text(item.sentVersion),
    sentBy: text(item.sentBy),
    sentAt: text(item.sentAt),
    approvedVersion: text(item.approvedVersion),
    approvedBy: text(item.approvedBy),
    approvedAt: text(item.approvedAt),
    updatedAt: String(item.updatedAt),
  };
}

/** A thread's review; null when it was never sent for review, approved or sent back. */
export async function getThreadReview(workspaceId: string, threadId: string): Promise<ReviewRecord | null> {
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.threadReview(workspaceId, threadId), ConsistentRead: true }),
  );
  return item ? reviewOf(item) : null;
}

/** What a review step writes: the new state and the fields of that step (sent or approved). */
export type ReviewStep =
  | { state: 'in_review'; sentVersion: string; sentBy: string }
  | { state: 'approved'; approvedVersion: string; approvedBy: string }
  | { state: 'changes_requested' };

/**
 * Moves a thread's review to its next state (one UpdateItem, the item made on the first step). The
 * fields of other steps stay: an approval keeps the version sent, a request for changes keeps both.
 */
export async function recordReviewStep(
  workspaceId: string,
  threadId: string,
  step: ReviewStep,
  at: string,
): Promise<ReviewRecord> {
  const { state, ...fields } = step;
  const stamp = step.state === 'in_review' ? { sentAt: at } : step.state === 'approved' ? { approvedAt: at } : {};
  const values: Record<string, unknown> = {
    ':type': itemTypes.threadReview,
    ':workspace': workspaceId,
    ':thread': threadId,
    ':state': state,
    ':at': at,
  };
  const sets = [
    '#type = :type',
    'workspaceId = :workspace',
    'threadId = :thread',
    '#state = :state',
    'updatedAt = :at',
  ];
  for (const [name, value] of Object.entries({ ...fields, ...stamp })) {
    sets.push(`${name} = :${name}`);
    values[`:${name}`] = value;
  }
  const { Attributes: item } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.threadReview(workspaceId, threadId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: { '#type': 'type', '#state': 'state' },
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return reviewOf(item ?? {});
}

export async function addReviewComment(comment: ReviewCommentRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.reviewComment(comment.workspaceId, comment.threadId, comment.createdAt, comment.commentId),
        type: itemTypes.reviewComment,
        ...comment,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A thread's review comments, oldest first (newest last). */
export async function listReviewComments(workspaceId: string, threadId: string): Promise<ReviewCommentRecord[]> {
  const comments: ReviewCommentRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':prefix': keys.reviewCommentsOfThreadPrefix(threadId),
    },
    ConsistentRead: true,
  }))
    comments.push({
      workspaceId: String(item.workspaceId),
      threadId: String(item.threadId),
      commentId: String(item.commentId),
      postId: text(item.postId),
      text: String(item.text),
      authorId: String(item.authorId),
      authorEmail: String(item.authorEmail ?? ''),
      createdAt: String(item.createdAt),
    });
  return comments;
}

export async function addActivity(entry: ActivityRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.workspaceActivity(entry.workspaceId, entry.at, entry.activityId),
        type: itemTypes.workspaceActivity,
        ...entry,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A page of a workspace's activity log, newest first, from `startKey` (a cursor's key) on. */
export async function listActivity(
  workspaceId: string,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ entries: ActivityRecord[]; nextKey?: Record<string, unknown> }> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':prefix': keys.workspaceActivityPrefix,
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    entries: (page.Items ?? []).map((item) => ({
      workspaceId: String(item.workspaceId),
      activityId: String(item.activityId),
      kind: item.kind as ActivityKind,
      at: String(item.at),
      actorId: String(item.actorId),
      actorEmail: String(item.actorEmail ?? ''),
      threadId: text(item.threadId),
      threadTitle: text(item.threadTitle),
      detail: text(item.detail),
    })),
    nextKey: page.LastEvaluatedKey,
  };
}

/**
 * Deletes a thread's review items with the thread: its review, its comments and its client review
 * links (their token lookup is on the link's own item, so a link's token finds nothing after). The
 * workspace's activity log keeps its entries, which name the thread's title, not its content.
 */
export async function deleteReviewItemsOfThread(workspaceId: string, threadId: string): Promise<void> {
  const itemKeys = [keys.threadReview(workspaceId, threadId)];
  for (const prefix of [keys.reviewCommentsOfThreadPrefix(threadId), keys.reviewLinksOfThreadPrefix(threadId)])
    for await (const item of queryAllPages({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': prefix },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    }))
      itemKeys.push({ pk: String(item.pk), sk: String(item.sk) });
  await batchDeleteItems(itemKeys);
}
