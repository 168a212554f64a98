import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LINK_PLACEMENTS, type LinkPlacement } from '#shared/publishing/link-placement';
import type { PostMedia } from '#shared/schemas/media';
import type { PublishStatus } from '../../shared/schemas/publishing';
import type { Platform } from '../../shared/schemas/thread';
import { db, isConditionFailure, queryAllPages, tableName } from './client';
import { itemTypes, keys } from './keys';

/** A post made on the platform: its remote id (and, where replies need it, a content hash). */
export interface MadePost {
  id: string;
  url: string | null;
  cid?: string;
}

/** The source article a run links to (link cards, the worker's message). */
export interface PublishArticle {
  url: string;
  title: string;
  /** The thread's language (BCP 47 primary tag), for the platforms with a field for it; absent on older runs. */
  language?: string | null;
}

/** One platform's publishing of one thread, resumable post by post. */
export interface PublishRun {
  userId: string;
  threadId: string;
  platform: Platform;
  /** The account posted to (its key names it); absent or null on runs from before several accounts: the platform's first. */
  accountId?: string | null;
  /** Changes when a completed thread is published again, so messages of an older run are ignored. */
  runId: string;
  status: PublishStatus;
  /** The formatted posts, fixed when the run starts; the last one is the attribution. */
  posts: string[];
  /** Each formatted post's pictures, fixed with `posts` (empty on runs stored before pictures). */
  images?: PostMedia[][];
  /** The article's picture as the link card's thumbnail (platforms whose client supplies it); absent or null: none. */
  linkCard?: { url: string; alt: string } | null;
  /** Where the source link goes, fixed with `posts` so a retry places it the same way; null on runs stored before placements. */
  linkPlacement?: LinkPlacement | null;
  /** The comment to make under the first post (LinkedIn's first comment: the attribution); absent or null: none. */
  firstComment?: string | null;
  /** The author's own post the credit quotes, checked when the run started; absent or null: none. */
  quote?: { id: string; cid?: string } | null;
  /** Why the credit does not quote the author's post after all (not found again, refused); absent or null: no such note. */
  quoteNote?: string | null;
  /** Posts made so far, in order; a resumed run starts at posts[made.length]. */
  made: MadePost[];
  error: string | null;
  postUrl: string | null;
  /** Epoch ms until which one worker holds the run. */
  leaseUntil: number | null;
  /** When the run was started; kept when it resumes (null for runs stored before it was kept). */
  startedAt: string | null;
  /** Null on runs stored before it was kept. */
  article: PublishArticle | null;
  /** A two-step post under way at `made.length` (a Threads container made, not yet published); absent when none. */
  step?: PostStepRecord | null;
  updatedAt: string;
}

/** The first step of the post at `index`, as its adapter recorded it (ids only). */
export interface PostStepRecord {
  index: number;
  data: Record<string, string>;
}

function fromItem(item: Record<string, unknown>): PublishRun {
  return {
    userId: String(item.userId),
    threadId: String(item.threadId),
    platform: item.platform as Platform,
    accountId: typeof item.accountId === 'string' ? item.accountId : null,
    runId: String(item.runId),
    status: item.status as PublishStatus,
    posts: (item.posts as string[]) ?? [],
    images: Array.isArray(item.images) ? (item.images as PostMedia[][]) : [],
    linkCard: (item.linkCard as PublishRun['linkCard']) ?? null,
    linkPlacement: LINK_PLACEMENTS.find((placement) => placement === item.linkPlacement) ?? null,
    firstComment: typeof item.firstComment === 'string' ? item.firstComment : null,
    quote: (item.quote as PublishRun['quote']) ?? null,
    quoteNote: typeof item.quoteNote === 'string' ? item.quoteNote : null,
    made: (item.made as MadePost[]) ?? [],
    error: (item.error as string | null) ?? null,
    postUrl: (item.postUrl as string | null) ?? null,
    leaseUntil: typeof item.leaseUntil === 'number' ? item.leaseUntil : null,
    startedAt: typeof item.startedAt === 'string' ? item.startedAt : null,
    article: (item.article as PublishArticle | undefined) ?? null,
    step: (item.step as PostStepRecord | undefined) ?? null,
    updatedAt: String(item.updatedAt),
  };
}

/** Which run: a thread's on one platform's account (null: a run from before several accounts). */
export type RunRef = Pick<PublishRun, 'userId' | 'threadId' | 'platform'> & { accountId?: string | null };

const runKey = (run: RunRef) => keys.publishRun(run.userId, run.threadId, run.platform, run.accountId);

/**
 * A run of the user's thread on one platform's account (`accountId` null: the run from before several
 * accounts). `accountId` undefined: the platform's most recently updated run of the thread, whichever
 * account (one Query of the thread's runs on the platform; no platform's name begins another's).
 */
export async function getPublishRun(
  userId: string,
  threadId: string,
  platform: Platform,
  accountId?: string | null,
): Promise<PublishRun | null> {
  if (accountId === undefined) {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.userPartition(userId),
          ':prefix': keys.publishRun(userId, threadId, platform).sk,
        },
        ConsistentRead: true,
      }),
    );
    const runs = (result.Items ?? []).map(fromItem).filter((run) => run.platform === platform);
    return runs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
  }
  const result = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.publishRun(userId, threadId, platform, accountId),
      ConsistentRead: true,
    }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/** Every platform's run of one of the user's threads. */
export async function listPublishRunsForThread(userId: string, threadId: string): Promise<PublishRun[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.userPartition(userId),
        ':prefix': keys.publishRunsOfThreadPrefix(threadId),
      },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(fromItem);
}

/** One platform's completed run of a thread: where and when (its completion) the thread was published. */
export interface CompletedRun {
  threadId: string;
  platform: Platform;
  completedAt: string;
}

/**
 * The user's runs completed since `since` (ISO), every thread and platform: one Query of the user's
 * runs (`PUBLISH#`), filtered to completed ones and projected to where and when. A run's `updatedAt`
 * is its completion once it has completed (publishing again starts a fresh run).
 */
export async function listCompletedRunsSince(userId: string, since: string): Promise<CompletedRun[]> {
  const runs: CompletedRun[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :completed AND updatedAt >= :since',
    ProjectionExpression: 'threadId, platform, updatedAt',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.userPartition(userId),
      ':prefix': keys.publishRunPrefix,
      ':completed': 'completed',
      ':since': since,
    },
  })) {
    runs.push({
      threadId: String(item.threadId),
      platform: item.platform as Platform,
      completedAt: String(item.updatedAt),
    });
  }
  return runs;
}

/** Starts a fresh run unless one is under way (none yet, or the last one ended): false when refused. */
export async function startFreshRun(run: PublishRun): Promise<boolean> {
  // No lease attribute at all until a worker claims the run (the claim checks for its absence).
  const { leaseUntil: _unclaimed, ...item } = run;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...runKey(run), type: itemTypes.publishRun, ...item },
        ConditionExpression:
          'attribute_not_exists(pk) OR #status = :completed OR (#status = :failed AND size(made) = :zero)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':completed': 'completed', ':failed': 'failed', ':zero': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Retry of a failed run: back to pending with its posts and made ids kept, so it resumes. */
export async function resumeFailedRun(run: PublishRun, article: PublishArticle, updatedAt: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: runKey(run),
        UpdateExpression:
          'SET #status = :pending, #error = :null, updatedAt = :u, article = :article REMOVE leaseUntil',
        ConditionExpression: '#status = :failed AND runId = :run',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':article': article,
          ':pending': 'pending',
          ':failed': 'failed',
          ':null': null,
          ':u': updatedAt,
          ':run': run.runId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes the run for one worker until `leaseUntil` (a second delivery of the same message waits),
 * marking it posting. Null when the run ended, was replaced, or another worker holds it.
 * `leaseRanOut`: an earlier worker's lease was still on the run (it stopped without ending or
 * releasing it), so the first post not recorded may have been made.
 */
export async function claimPublishRun(
  run: RunRef & Pick<PublishRun, 'runId'>,
  nowMs: number,
  leaseMs: number,
  updatedAt: string,
): Promise<{ run: PublishRun; leaseRanOut: boolean } | null> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: runKey(run),
        UpdateExpression: 'SET #status = :posting, leaseUntil = :until, updatedAt = :u',
        ConditionExpression:
          'runId = :run AND #status IN (:pending, :posting) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':posting': 'posting',
          ':pending': 'pending',
          ':until': nowMs + leaseMs,
          ':now': nowMs,
          ':run': run.runId,
          ':u': updatedAt,
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!result.Attributes) return null;
    const before = fromItem(result.Attributes);
    return {
      run: { ...before, status: 'posting', leaseUntil: nowMs + leaseMs, updatedAt },
      leaseRanOut: before.leaseUntil !== null,
    };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Records the first step of the post at `index` (replacing an earlier one), while that post is
 * the next to make; refused once it is recorded as made.
 */
export async function recordPostStep(run: PublishRun, step: PostStepRecord, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(run),
      UpdateExpression: 'SET step = :step, updatedAt = :u',
      ConditionExpression: 'runId = :run AND size(made) = :index',
      ExpressionAttributeValues: { ':step': step, ':u': updatedAt, ':run': run.runId, ':index': step.index },
    }),
  );
}

/** Appends the post made at `index` (its step done with), at once; refused if that position is already recorded. */
export async function recordPostMade(run: PublishRun, index: number, post: MadePost, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(run),
      UpdateExpression: 'SET made = list_append(made, :post), updatedAt = :u REMOVE step',
      ConditionExpression: 'runId = :run AND size(made) = :index',
      ExpressionAttributeValues: { ':post': [post], ':u': updatedAt, ':run': run.runId, ':index': index },
    }),
  );
}

/** Drops the run's quote of the author's post, with why (the platform refused it), so no retry quotes it again. */
export async function recordQuoteRefused(run: PublishRun, note: string, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(run),
      UpdateExpression: 'SET quoteNote = :note, updatedAt = :u REMOVE quote',
      ConditionExpression: 'runId = :run',
      ExpressionAttributeValues: { ':note': note, ':u': updatedAt, ':run': run.runId },
    }),
  );
}

/** Ends the run: completed with the thread's URL, or failed with the error shown on its row. */
export async function finishPublishRun(
  run: PublishRun,
  outcome: { status: 'completed'; postUrl: string | null } | { status: 'failed'; error: string },
  updatedAt: string,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(run),
      UpdateExpression: 'SET #status = :status, #error = :error, postUrl = :url, updatedAt = :u REMOVE leaseUntil',
      ConditionExpression: 'runId = :run',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':error': outcome.status === 'failed' ? outcome.error : null,
        ':url': outcome.status === 'completed' ? outcome.postUrl : null,
        ':u': updatedAt,
        ':run': run.runId,
      },
    }),
  );
}

/** Lets another delivery take the run at once (after a rate limit or a transient failure). */
export async function releasePublishRun(run: PublishRun, updatedAt: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(run),
      UpdateExpression: 'SET updatedAt = :u REMOVE leaseUntil',
      ConditionExpression: 'runId = :run',
      ExpressionAttributeValues: { ':u': updatedAt, ':run': run.runId },
    }),
  );
}

/**
 * Ends the lease of a worker known to be gone (the local stack at start: one stack per data folder),
 * so the run's next delivery takes it at once. The lease stays on the run, expired, so that delivery
 * still knows its first post not recorded may have been made.
 */
export async function expirePublishRunLease(run: PublishRun, updatedAt: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: runKey(run),
        UpdateExpression: 'SET leaseUntil = :expired, updatedAt = :u',
        ConditionExpression: 'runId = :run AND attribute_exists(leaseUntil)',
        ExpressionAttributeValues: { ':expired': 0, ':u': updatedAt, ':run': run.runId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
