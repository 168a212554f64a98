import { randomUUID } from 'node:crypto';
import { apiErrorMessages } from '../../shared/messages';
import type { CreateGenerationJobRequest, GenerationJob } from '../../shared/schemas/generation';
import type { Thread } from '../../shared/schemas/thread';
import { clearChargeMarker, consumeCreditForThread, recordLedgerEntry } from '../data/credits-repository';
import {
  createJob,
  type FailureKind,
  finishJob,
  type GenerationJobRecord,
  getJob,
  startJobAttempt,
} from '../data/generation-job-repository';
import { getThreadForUser, putThread, updateThreadForUser } from '../data/thread-repository';
import { config } from '../lib/config';
import {
  DomainError,
  ExtractionError,
  GenerationFailedError,
  InsufficientCreditsError,
  NotFoundError,
  ServiceBusyError,
} from '../lib/errors';
import { logger } from '../lib/logger';
import { sendToQueue } from '../lib/queues';
import type { AccountIdentity } from './accounts';
import { getAccount } from './accounts';
import { analyseArticle, draftThread, threadContent } from './article-analysis';
import { fetchArticle } from './extraction/extract-article';
import { assertThreadAccess } from './thread-access';

/** The message the generation queue carries. */
export interface GenerationMessage {
  userId: string;
  jobId: string;
}

async function toView(job: GenerationJobRecord): Promise<GenerationJob> {
  const thread = job.status === 'succeeded' ? await getThreadForUser(job.userId, job.threadId) : null;
  return {
    jobId: job.jobId,
    status: job.status,
    url: job.url,
    tone: job.tone,
    threadId: job.threadId,
    isNewThread: job.isNewThread,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    error: job.error,
    failureKind: job.failureKind,
    retryable: job.retryable,
    thread,
  };
}

/**
 * Accepts a generation request: checks the caller may regenerate the thread (or has a credit for a
 * new one), records a queued job and enqueues it. The credit itself is taken only on success.
 */
export async function submitGenerationJob(
  caller: AccountIdentity,
  request: CreateGenerationJobRequest,
  now: Date,
): Promise<GenerationJob> {
  let threadId = request.threadId;
  if (threadId) {
    await assertThreadAccess(caller.userId, threadId, now);
  } else {
    const account = await getAccount(caller, now);
    if (account.credits.availableCredits < 1) throw new InsufficientCreditsError();
    threadId = randomUUID();
  }
  const job = await createJob({
    jobId: randomUUID(),
    userId: caller.userId,
    url: request.url,
    tone: request.tone,
    threadId,
    isNewThread: !request.threadId,
    createdAt: now.toISOString(),
  });
  await sendToQueue('generation', { userId: caller.userId, jobId: job.jobId } satisfies GenerationMessage);
  return toView(job);
}

/** A job of the caller's, with its thread once it succeeded. */
export async function getGenerationJob(userId: string, jobId: string): Promise<GenerationJob> {
  const job = await getJob(userId, jobId);
  if (!job) throw new NotFoundError(apiErrorMessages.generation_job_not_found, 'generation_job_not_found');
  return toView(job);
}

function failureOf(error: unknown): { kind: FailureKind; message: string; retryable: boolean } | null {
  if (error instanceof ExtractionError) return { kind: 'extraction', message: error.message, retryable: false };
  if (error instanceof ServiceBusyError) return { kind: 'busy', message: error.message, retryable: true };
  if (error instanceof InsufficientCreditsError) {
    return { kind: 'insufficient_credits', message: error.message, retryable: false };
  }
  if (error instanceof GenerationFailedError || error instanceof DomainError) {
    return { kind: 'generation', message: error.message, retryable: false };
  }
  return null;
}

/**
 * The worker's side: extract, generate, charge (new threads only), save, record. Safe against
 * redelivery and duplicates: an ended job is left alone, the thread id is fixed at submission, and
 * the charge is once per thread id. Expected failures end the job; unexpected ones are thrown so
 * SQS retries them, and on the last attempt the job is marked failed before the message goes to the DLQ.
 */
export async function runGenerationJob(
  message: GenerationMessage,
  attempt: { receiveCount: number; maxReceiveCount: number },
): Promise<void> {
  const job = await getJob(message.userId, message.jobId);
  if (!job) throw new Error(`generation job ${message.jobId} does not exist`);
  if (!(await startJobAttempt(job.userId, job.jobId, new Date().toISOString()))) return;
  try {
    const content = await generate(job);
    const updatedAt = new Date().toISOString();
    if (job.isNewThread) {
      const thread: Thread = {
        ...content,
        id: job.threadId,
        userId: job.userId,
        sourceUrl: job.url,
        createdAt: job.createdAt,
        updatedAt,
        postedToX: false,
        platformPosts: {},
      };
      const charge = await consumeCreditForThread(job.userId, job.threadId);
      if (charge === 'insufficient') throw new InsufficientCreditsError();
      await putThread(thread);
      await recordLedgerEntry({
        id: `usage-${job.threadId}`,
        userId: job.userId,
        type: 'usage',
        amount: -1,
        description: `Thread generated: ${thread.title}`.slice(0, 200),
        createdAt: job.createdAt,
        threadId: job.threadId,
      });
    } else {
      const updated = await updateThreadForUser(job.userId, job.threadId, content, updatedAt);
      if (!updated) throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
    }
    await finishJob(job.userId, job.jobId, { status: 'succeeded' }, new Date().toISOString());
    if (job.isNewThread) await clearChargeMarker(job.userId, job.threadId);
  } catch (error) {
    const failure = failureOf(error);
    if (failure) {
      logger.info('generation job failed', { jobId: job.jobId, kind: failure.kind, message: failure.message });
      await finishJob(
        job.userId,
        job.jobId,
        { status: 'failed', error: failure.message, failureKind: failure.kind, retryable: failure.retryable },
        new Date().toISOString(),
      );
      return;
    }
    if (attempt.receiveCount >= attempt.maxReceiveCount) {
      await finishJob(
        job.userId,
        job.jobId,
        {
          status: 'failed',
          error: 'An unexpected error occurred while processing your URL. Please try again.',
          failureKind: 'internal',
          retryable: false,
        },
        new Date().toISOString(),
      );
    }
    throw error;
  }
}

/** Reads, analyses and writes the thread's content for a job. */
async function generate(job: GenerationJobRecord) {
  const { appHost, openai, allowPrivateFetchHosts } = config();
  const article = await fetchArticle(job.url, { allowPrivateHosts: allowPrivateFetchHosts });
  const analysed = await analyseArticle(article, openai);
  return threadContent(analysed, await draftThread(analysed, job.tone, { appHost, openai }));
}
