import { apiErrorMessages } from '#shared/messages/api-errors';
import { generationMessages, isServiceBusy } from '#shared/messages/generation';
import type { GenerationMessage } from '#shared/schemas/generation';
import type { Thread } from '#shared/schemas/thread';
import {
  type ChargeOutcome,
  clearChargeMarker,
  consumeCreditForThread,
  consumeReservedCredit,
  recordLedgerEntry,
} from '../../data/credits-repository';
import {
  type FailureKind,
  finishJob,
  type GenerationJobRecord,
  getJob,
  releaseJobAttempt,
  startJobAttempt,
} from '../../data/generation-job-repository';
import { putThread, updateThreadForUser } from '../../data/thread-repository';
import { announceAppEvent } from '../../lib/aws/eventbridge';
import { config } from '../../lib/config';
import {
  DomainError,
  ExtractionError,
  GenerationFailedError,
  InsufficientCreditsError,
  NotFoundError,
  ServiceBusyError,
} from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy, MetricUnit, metrics } from '../../lib/metrics';
import { openAiSettings } from '../../lib/openai-settings';
import { isMessageOfDeletedAccount } from '../account/deleted-accounts';
import { articleForGeneration } from '../extraction/extract-for-user';
import { recordAutoDraftFailure, releaseAutoDraftCredit } from './auto-draft-outcome';
import { draftThread, threadContent } from './draft-thread';

// The worker's side of a generation; submitting a job is in submit-job.ts.

interface JobFailure {
  kind: FailureKind;
  message: string;
  retryable: boolean;
}

function failureOf(error: unknown): JobFailure | null {
  if (error instanceof ExtractionError) return { kind: 'extraction', message: error.message, retryable: false };
  if (error instanceof ServiceBusyError) return { kind: 'busy', message: error.message, retryable: true };
  if (error instanceof InsufficientCreditsError) {
    return { kind: 'insufficient_credits', message: error.message, retryable: false };
  }
  if (error instanceof GenerationFailedError || error instanceof DomainError) {
    return busyOr('generation', error.message);
  }
  return null;
}

/**
 * A busy AI service is told apart here, where the failure is recorded: a message naming a busy service
 * (503, 'overloaded', …) is `busy`, so the web reads the kind and never the message.
 */
function busyOr(kind: 'generation' | 'internal', message: string): JobFailure {
  return isServiceBusy(message) ? { kind: 'busy', message, retryable: true } : { kind, message, retryable: false };
}

/**
 * The worker's side: extract, generate, charge (new threads only), save, record. Safe against
 * redelivery and duplicates: an ended job is left alone, the thread id is fixed at submission, and
 * the charge is once per thread id. A message of a deleted account is dropped. Expected failures end the job; unexpected ones are thrown so
 * SQS retries them, and on the last attempt the job is marked failed before the message goes to the DLQ.
 */
export async function runGenerationJob(
  message: GenerationMessage,
  attempt: { receiveCount: number; maxReceiveCount: number; timeoutSeconds: number },
): Promise<void> {
  if (await isMessageOfDeletedAccount(message, 'generation', new Date())) return;
  const job = await getJob(message.userId, message.jobId);
  if (!job) throw new Error(`generation job ${message.jobId} does not exist`);
  const startedAt = new Date();
  const startedMs = performance.now();
  // A claim older than the worker's own timeout belongs to an attempt that died without releasing it.
  const staleBefore = new Date(startedAt.getTime() - attempt.timeoutSeconds * 1000).toISOString();
  if (!(await startJobAttempt(job.userId, job.jobId, startedAt.toISOString(), staleBefore))) {
    // A failed job's worker may have stopped before giving its reserved credit back; releasing is once.
    if (job.status === 'failed') await releaseAutoDraftCredit(job, startedAt);
    return;
  }
  try {
    const content = await generate(job);
    // Generating takes seconds: an account deleted meanwhile gets no thread and no charge.
    if (await isMessageOfDeletedAccount(message, 'generation', new Date())) return;
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
        ...(job.autoDraft ? { autoDraft: true } : {}),
      };
      const charge = await chargeForThread(job);
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
    if (job.isNewThread) {
      await clearChargeMarker(job.userId, job.threadId);
      await announceAppEvent('ThreadCreated', {
        workspaceId: job.userId,
        threadId: job.threadId,
        jobId: job.jobId,
        sourceUrl: job.url,
        title: content.title,
        posts: content.posts.length,
        autoDraft: Boolean(job.autoDraft),
        createdAt: job.createdAt,
      });
    }
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
      await recordAutoDraftFailure(job, failure, new Date());
      return;
    }
    if (attempt.receiveCount >= attempt.maxReceiveCount) {
      const last = busyOr('internal', error instanceof Error ? error.message : String(error));
      countBy('GenerationFailed', { reason: last.kind });
      await finishJob(
        job.userId,
        job.jobId,
        {
          status: 'failed',
          error: last.kind === 'busy' ? generationMessages.serviceBusy.description : generationMessages.unexpectedError,
          failureKind: last.kind,
          retryable: last.retryable,
        },
        new Date().toISOString(),
      );
      await recordAutoDraftFailure(job, last, new Date());
    } else {
      await releaseJobAttempt(job.userId, job.jobId, new Date().toISOString());
    }
    throw error;
  }
}

/**
 * The credit a new thread costs: an auto-draft's was reserved when it was submitted and is spent now,
 * never taken twice; any other job (or one whose reservation is gone) is charged from the balance.
 */
async function chargeForThread(job: GenerationJobRecord): Promise<ChargeOutcome> {
  if (job.creditReserved) {
    const spent = await consumeReservedCredit(job.userId, job.threadId);
    if (spent !== 'insufficient') return spent;
  }
  return consumeCreditForThread(job.userId, job.threadId);
}

/** Reads (the kept extraction when there is one), analyses and writes the thread's content for a job. */
async function generate(job: GenerationJobRecord) {
  const { appHost } = config();
  const analysed = await articleForGeneration(job.userId, job.url, new Date());
  return threadContent(
    analysed,
    await draftThread(analysed, job.tone, { appHost, openai: await openAiSettings(), language: job.language }),
  );
}
