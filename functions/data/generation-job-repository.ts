import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tone } from '../../shared/tones';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

/** Job records expire a week after creation. */
const JOB_RETENTION_SECONDS = 7 * 24 * 3600;

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type FailureKind = 'extraction' | 'busy' | 'insufficient_credits' | 'generation' | 'internal';

export interface GenerationJobRecord {
  jobId: string;
  userId: string;
  url: string;
  tone: Tone;
  /** The thread's language the curator chose (the model translates); absent: the article's. */
  language?: string;
  threadId: string;
  isNewThread: boolean;
  /** Submitted by a feed's Auto-draft (not by the user): the thread it makes carries the mark. */
  autoDraft?: boolean;
  /** The inbox item an auto-draft was made for, so the job's failure is told on that item. */
  inboxItem?: { feedId: string; entryId: string };
  /** A credit was reserved for the job's thread when it was submitted: the job spends it, or gives it back. */
  creditReserved?: boolean;
  status: JobStatus;
  attempts: number;
  error: string | null;
  failureKind: FailureKind | null;
  retryable: boolean;
  createdAt: string;
  updatedAt: string;
}

function fromItem(item: Record<string, unknown>): GenerationJobRecord {
  return {
    jobId: String(item.jobId),
    userId: String(item.userId),
    url: String(item.url),
    tone: item.tone as Tone,
    ...(typeof item.language === 'string' ? { language: item.language } : {}),
    threadId: String(item.threadId),
    isNewThread: Boolean(item.isNewThread),
    ...(item.autoDraft ? { autoDraft: true } : {}),
    ...(item.inboxItem ? { inboxItem: item.inboxItem as GenerationJobRecord['inboxItem'] } : {}),
    ...(item.creditReserved ? { creditReserved: true } : {}),
    status: item.status as JobStatus,
    attempts: Number(item.attempts ?? 0),
    error: (item.error as string | null) ?? null,
    failureKind: (item.failureKind as FailureKind | null) ?? null,
    retryable: Boolean(item.retryable),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

/** Creates a queued job (once per job id). */
export async function createJob(
  job: Pick<
    GenerationJobRecord,
    | 'jobId'
    | 'userId'
    | 'url'
    | 'tone'
    | 'language'
    | 'threadId'
    | 'isNewThread'
    | 'createdAt'
    | 'autoDraft'
    | 'inboxItem'
    | 'creditReserved'
  >,
): Promise<GenerationJobRecord> {
  const record: GenerationJobRecord = {
    ...job,
    status: 'queued',
    attempts: 0,
    error: null,
    failureKind: null,
    retryable: false,
    updatedAt: job.createdAt,
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.generationJob(job.userId, job.jobId),
        type: itemTypes.generationJob,
        ...record,
        expiresAt: Math.floor(Date.parse(job.createdAt) / 1000) + JOB_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

/** `createJob` for a job whose id follows from what it is for: creating it again is a no-op. */
export async function createJobOnce(job: Parameters<typeof createJob>[0]): Promise<void> {
  try {
    await createJob(job);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A job of the given user (ownership is part of the key). */
export async function getJob(userId: string, jobId: string): Promise<GenerationJobRecord | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.generationJob(userId, jobId), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

/**
 * Claims a job for one attempt: moves it to running if it is queued, or if it is running but its
 * last claim is older than `staleBefore` (a worker that died mid-attempt). False means another
 * delivery has it or it ended: a duplicate to ignore, so concurrent copies never run it twice.
 */
export async function startJobAttempt(
  userId: string,
  jobId: string,
  now: string,
  staleBefore: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.generationJob(userId, jobId),
        UpdateExpression: 'SET #status = :running, updatedAt = :now ADD attempts :one',
        ConditionExpression:
          'attribute_exists(pk) AND (#status = :queued OR (#status = :running AND updatedAt < :staleBefore))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':queued': 'queued',
          ':now': now,
          ':one': 1,
          ':staleBefore': staleBefore,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a running job back to the queue after an attempt failed unexpectedly, so its retry may claim it. */
export async function releaseJobAttempt(userId: string, jobId: string, now: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.generationJob(userId, jobId),
        UpdateExpression: 'SET #status = :queued, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Ends a job, once: a job that already ended keeps its first outcome. */
export async function finishJob(
  userId: string,
  jobId: string,
  outcome: { status: 'succeeded' } | { status: 'failed'; error: string; failureKind: FailureKind; retryable: boolean },
  now: string,
): Promise<void> {
  const failed = outcome.status === 'failed';
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.generationJob(userId, jobId),
        UpdateExpression:
          'SET #status = :status, updatedAt = :now, #error = :error, failureKind = :kind, retryable = :retryable',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':now': now,
          ':error': failed ? outcome.error : null,
          ':kind': failed ? outcome.failureKind : null,
          ':retryable': failed ? outcome.retryable : false,
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
