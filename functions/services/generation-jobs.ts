import { randomUUID } from 'node:crypto';
import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import { apiErrorMessages } from '../../shared/messages';
import type { CreateGenerationJobRequest, GenerationJob, GenerationMessage } from '../../shared/schemas/generation';
import type { Thread } from '../../shared/schemas/thread';
import { clearChargeMarker, consumeCreditForThread, recordLedgerEntry } from '../data/credits-repository';
import {
  createJob,
  type FailureKind,
  finishJob,
  type GenerationJobRecord,
  getJob,
  releaseJobAttempt,
  startJobAttempt,
} from '../data/generation-job-repository';
import { runOnce } from '../data/idempotency-store';
import { putThread, updateThreadForUser } from '../data/thread-repository';
import { config } from '../lib/config';
import {
  DomainError,
  ExtractionError,
  GenerationFailedError,
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  NotFoundError,
  RegenerationUrlMismatchError,
  RequestInProgressError,
  ServiceBusyError,
} from '../lib/errors';
import { logger } from '../lib/logger';
import { countBy, MetricUnit, metrics } from '../lib/metrics';
import { sendToQueue } from '../lib/queues';
import type { AccountIdentity } from './accounts';
import { getAccount } from './accounts';
import { draftThread, threadContent } from './article-analysis';
import { articleForGeneration, normaliseUrl } from './article-extraction';
import { toView } from './generation-job-views';
import { takeGenerationBudget } from './rate-limits';
import { assertThreadAccess } from './thread-access';

/**
 * Accepts a generation request: checks the caller may regenerate the thread (or has a credit for a
 * new one), records a queued job and enqueues it. The credit itself is taken only on success.
 */
export async function submitGenerationJob(
  caller: AccountIdentity,
  request: CreateGenerationJobRequest,
  now: Date,
  userAgent = 'unknown',
): Promise<GenerationJob> {
  let threadId = request.threadId;
  let url = request.url;
  if (threadId) {
    // A regeneration rewrites the thread from its own article, never from another page.
    const thread = await assertThreadAccess({ userId: caller.userId, userAgent, now }, threadId);
    if (normaliseUrl(request.url) !== normaliseUrl(thread.sourceUrl)) throw new RegenerationUrlMismatchError();
    url = thread.sourceUrl;
    await takeGenerationBudget(caller.userId, threadId, now);
  } else {
    await takeGenerationBudget(caller.userId, undefined, now);
    const account = await getAccount(caller, now);
    if (account.credits.availableCredits < 1) throw new InsufficientCreditsError();
    threadId = randomUUID();
  }
  const job = await createJob({
    jobId: randomUUID(),
    userId: caller.userId,
    url,
    tone: request.tone,
    threadId,
    isNewThread: !request.threadId,
    createdAt: now.toISOString(),
  });
  await sendToQueue('generation', { userId: caller.userId, jobId: job.jobId } satisfies GenerationMessage);
  logger.info('generation job queued', { jobId: job.jobId, userId: caller.userId, isNewThread: job.isNewThread });
  return toView(job);
}

/** How long an Idempotency-Key returns its first job (spec: a retry within 24 hours). */
const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

const submitOnce = runOnce(
  'generation-jobs',
  (input: {
    idempotencyKey: string;
    caller: AccountIdentity;
    request: CreateGenerationJobRequest;
    now: string;
    userAgent: string;
  }) => submitGenerationJob(input.caller, input.request, new Date(input.now), input.userAgent),
  { keyPath: '[caller.userId, idempotencyKey]', payloadPath: 'request', ttlSeconds: IDEMPOTENCY_KEY_TTL_SECONDS },
);

/**
 * `submitGenerationJob`, once per caller and Idempotency-Key: a retry with the same key returns the
 * first job (one job, one charge); without a key every call submits.
 */
export async function submitGenerationJobOnce(
  caller: AccountIdentity,
  request: CreateGenerationJobRequest,
  now: Date,
  idempotency: { key: string | undefined; context: Context },
  userAgent = 'unknown',
): Promise<GenerationJob> {
  const idempotencyKey = idempotency.key;
  if (!idempotencyKey) return submitGenerationJob(caller, request, now, userAgent);
  try {
    return await submitOnce(
      { idempotencyKey, caller, request, now: now.toISOString(), userAgent },
      idempotency.context,
    );
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) throw new RequestInProgressError();
    if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError();
    throw error;
  }
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
  attempt: { receiveCount: number; maxReceiveCount: number; timeoutSeconds: number },
): Promise<void> {
  const job = await getJob(message.userId, message.jobId);
  if (!job) throw new Error(`generation job ${message.jobId} does not exist`);
  const startedAt = new Date();
  const startedMs = performance.now();
  // A claim older than the worker's own timeout belongs to an attempt that died without releasing it.
  const staleBefore = new Date(startedAt.getTime() - attempt.timeoutSeconds * 1000).toISOString();
  if (!(await startJobAttempt(job.userId, job.jobId, startedAt.toISOString(), staleBefore))) return;
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
      if (charge === 'charged') metrics.addMetric('CreditsCharged', MetricUnit.Count, 1);
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
    logger.info('generation job succeeded', { jobId: job.jobId, threadId: job.threadId });
    metrics.addMetric('ThreadsGenerated', MetricUnit.Count, 1);
    metrics.addMetric('GenerationDuration', MetricUnit.Milliseconds, performance.now() - startedMs);
  } catch (error) {
    const failure = failureOf(error);
    if (failure) {
      logger.info('generation job failed', { jobId: job.jobId, kind: failure.kind, message: failure.message });
      countBy('GenerationFailed', { reason: failure.kind === 'insufficient_credits' ? 'credits' : failure.kind });
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
    } else {
      await releaseJobAttempt(job.userId, job.jobId, new Date().toISOString());
    }
    throw error;
  }
}

/** Reads (the kept extraction when there is one), analyses and writes the thread's content for a job. */
async function generate(job: GenerationJobRecord) {
  const { appHost, openai } = config();
  const analysed = await articleForGeneration(job.userId, job.url, new Date());
  return threadContent(analysed, await draftThread(analysed, job.tone, { appHost, openai }));
}
