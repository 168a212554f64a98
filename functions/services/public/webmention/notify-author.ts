import { createHash } from 'node:crypto';
import * as z from 'zod';
import { claimWebmention, recordWebmention } from '#functions/data/public-thread-repository';
import { getThreadForUser } from '#functions/data/thread-repository';
import { sendToQueue } from '#functions/lib/aws/sqs';
import { config } from '#functions/lib/config';
import { logger } from '#functions/lib/logger';
import { countBy } from '#functions/lib/metrics';
import type { WebmentionStatus } from '#shared/schemas/public';
import { publicThreadPath } from '#shared/schemas/public';
import type { Thread } from '#shared/schemas/thread';
import { sendWebmention, type WebmentionOutcome } from './send-webmention';

/** One Webmention of a thread; `attempt` counts the retries already queued (0: the first try). */
export const webmentionMessageSchema = z.object({
  userId: z.string().min(1),
  threadId: z.string().min(1),
  attempt: z.number().int().min(0).default(0),
});
export type WebmentionMessage = z.infer<typeof webmentionMessageSchema>;

/** Retries after a 5xx or no answer, each delayed longer (base × 4^n seconds, at most SQS's 15 minutes). */
export const MAX_WEBMENTION_RETRIES = 3;
const MAX_DELAY_SECONDS = 900;
/** Each exchange's budget: discovery (its redirects included), then the POST. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The thread's content as a mention describes it: a change to any of it allows another mention. */
export function webmentionContentHash(thread: Thread): string {
  const content = JSON.stringify([thread.title, thread.sourceUrl, thread.posts.map((post) => post.content)]);
  return createHash('sha256').update(content).digest('base64url');
}

/** The public page's absolute URL (the Webmention's source). */
export function publicPageUrl(publicId: string): string {
  return new URL(publicThreadPath(publicId), config().appPublicUrl).href;
}

/**
 * Queues the Webmention of a thread that was just published or made public; the worker decides
 * whether one is due (public, not yet sent for this content). A failure to queue is logged, never
 * the caller's failure: the thread is published or public either way.
 */
export async function queueWebmention(thread: Pick<Thread, 'userId' | 'id' | 'isPublic'>): Promise<void> {
  if (!thread.isPublic) return;
  try {
    await sendToQueue('webmention', { userId: thread.userId, threadId: thread.id, attempt: 0 });
  } catch (error) {
    logger.error('webmention not queued', { threadId: thread.id, error });
  }
}

function statusOf(outcome: WebmentionOutcome, base: Omit<WebmentionStatus, 'state'>): WebmentionStatus {
  switch (outcome.kind) {
    case 'sent':
      return { ...base, state: 'sent', statusCode: outcome.statusCode };
    case 'refused':
      return { ...base, state: 'refused', statusCode: outcome.statusCode };
    case 'retry':
      // Out of retries: a 5xx is the endpoint's refusal, no answer a failure.
      return outcome.statusCode
        ? { ...base, state: 'refused', statusCode: outcome.statusCode }
        : { ...base, state: 'failed' };
    default:
      return { ...base, state: outcome.kind };
  }
}

/**
 * Sends the Webmention of a public thread: `source` its public page, `target` its article. The
 * first try claims it for the thread's current content (once per thread and target until the thread
 * changes); a 5xx or no answer is retried through the queue with a growing delay; the end is
 * recorded on the thread for its page to show.
 */
export async function runWebmentionMessage(message: WebmentionMessage, receiveCount: number): Promise<void> {
  const thread = await getThreadForUser(message.userId, message.threadId);
  if (!thread?.isPublic || !thread.publicId) return;
  const contentHash = webmentionContentHash(thread);
  const target = thread.sourceUrl;
  const pending: WebmentionStatus = { state: 'pending', at: new Date().toISOString(), target, contentHash };
  const firstTry = message.attempt === 0 && receiveCount === 1;
  if (firstTry) {
    if (!(await claimWebmention(thread.userId, thread.id, pending))) return;
  } else {
    // A retry (or a redelivery) goes on only while its claim stands for the same content.
    const claim = thread.webmention;
    if (claim?.state !== 'pending' || claim.contentHash !== contentHash || claim.target !== target) return;
  }
  const outcome = await sendWebmention(
    { allowPrivateHosts: config().allowPrivateFetchHosts, timeoutMs: REQUEST_TIMEOUT_MS },
    publicPageUrl(thread.publicId),
    target,
  );
  if (outcome.kind === 'retry' && message.attempt < MAX_WEBMENTION_RETRIES) {
    const delay = Math.min(MAX_DELAY_SECONDS, config().webmentionRetryBaseSeconds * 4 ** message.attempt);
    logger.info('webmention retried later', { threadId: thread.id, reason: outcome.reason, delay });
    await sendToQueue('webmention', { ...message, attempt: message.attempt + 1 }, delay);
    return;
  }
  const status = statusOf(outcome, { at: new Date().toISOString(), target, contentHash });
  await recordWebmention(thread.userId, thread.id, status);
  countBy('WebmentionEnded', { state: status.state });
  logger.info('webmention ended', { threadId: thread.id, state: status.state, statusCode: status.statusCode });
}
