import { randomUUID } from 'node:crypto';
import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import { languageName } from '#shared/languages';
import { threadLanguageMessages } from '#shared/messages/generation';
import type { CreateGenerationJobRequest, GenerationJob, GenerationMessage } from '#shared/schemas/generation';
import { DEFAULT_TONE } from '#shared/tones';
import { normaliseUrl } from '#shared/url';
import { createJob, createJobOnce } from '../../data/generation-job-repository';
import { runOnce } from '../../data/idempotency-store';
import { sendToQueue } from '../../lib/aws/sqs';
import {
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  RegenerationUrlMismatchError,
  RequestInProgressError,
  ValidationError,
} from '../../lib/errors';
import { logger } from '../../lib/logger';
import { openAiSettings } from '../../lib/openai-settings';
import { type AccountIdentity, spendableCredits } from '../account/accounts';
import { type Acting, assertThreadAccess, UNKNOWN_ACTING } from '../threads/thread-access';
import { autoDraftIds } from './auto-draft-ids';
import { toView } from './job-view';
import { takeGenerationBudget } from './rate-limits';

// The submitting side of a generation (POST /api/generation-jobs), apart from the worker's side in
// run-job.ts, so the route's bundle holds no extraction, NLP or generation code.

/**
 * Accepts a generation request: checks the caller may regenerate the thread (or has a credit for a
 * new one), records a queued job and enqueues it. The credit itself is taken only on success.
 */
export async function submitGenerationJob(
  caller: AccountIdentity,
  request: CreateGenerationJobRequest,
  now: Date,
  acting: Acting = UNKNOWN_ACTING,
): Promise<GenerationJob> {
  // Another language than the article's is a translation, which only the AI writer can make.
  if (request.language && !(await openAiSettings())) {
    throw new ValidationError(
      threadLanguageMessages.offlineCannotTranslate(languageName(request.language)),
      'translation_unavailable',
    );
  }
  let threadId = request.threadId;
  let url = request.url;
  if (threadId) {
    // A regeneration rewrites the thread from its own article, never from another page.
    const thread = await assertThreadAccess({ userId: caller.userId, ...acting, now }, threadId);
    if (normaliseUrl(request.url) !== normaliseUrl(thread.sourceUrl)) throw new RegenerationUrlMismatchError();
    url = thread.sourceUrl;
    await takeGenerationBudget(caller.userId, threadId, now);
  } else {
    await takeGenerationBudget(caller.userId, undefined, now);
    if ((await spendableCredits(caller, now)).availableCredits < 1) throw new InsufficientCreditsError();
    threadId = randomUUID();
  }
  const job = await createJob({
    jobId: randomUUID(),
    userId: caller.userId,
    url,
    tone: request.tone,
    ...(request.language ? { language: request.language } : {}),
    threadId,
    isNewThread: !request.threadId,
    createdAt: now.toISOString(),
  });
  await sendToQueue('generation', { userId: caller.userId, jobId: job.jobId } satisfies GenerationMessage);
  logger.info('generation job queued', { jobId: job.jobId, userId: caller.userId, isNewThread: job.isNewThread });
  return toView(job);
}

/**
 * A feed's Auto-draft: a new thread from an inbox item's URL in the default tone, queued like a user's
 * request. Its credit is already reserved (the caller took it, and the day's slot, before calling): the
 * job spends that reservation when the thread is made and gives it back if it fails. Retry-safe: the
 * job's id follows from the item, so a second call creates nothing and its message is a duplicate the
 * worker ignores.
 */
export async function submitAutoDraftJob(
  userId: string,
  item: { feedId: string; entryId: string; url: string },
  now: Date,
): Promise<{ jobId: string; threadId: string }> {
  const ids = autoDraftIds(userId, item);
  await createJobOnce({
    ...ids,
    userId,
    url: item.url,
    tone: DEFAULT_TONE,
    isNewThread: true,
    autoDraft: true,
    inboxItem: { feedId: item.feedId, entryId: item.entryId },
    creditReserved: true,
    createdAt: now.toISOString(),
  });
  await sendToQueue('generation', { userId, jobId: ids.jobId } satisfies GenerationMessage);
  logger.info('auto-draft job queued', { jobId: ids.jobId, userId });
  return ids;
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
    acting: Acting;
  }) => submitGenerationJob(input.caller, input.request, new Date(input.now), input.acting),
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
  acting: Acting = UNKNOWN_ACTING,
): Promise<GenerationJob> {
  const idempotencyKey = idempotency.key;
  if (!idempotencyKey) return submitGenerationJob(caller, request, now, acting);
  try {
    return await submitOnce({ idempotencyKey, caller, request, now: now.toISOString(), acting }, idempotency.context);
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) throw new RequestInProgressError();
    if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError();
    throw error;
  }
}
