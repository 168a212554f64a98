import { feedMessages } from '#shared/messages/feeds';
import { releaseReservedCredit } from '../../data/credits-repository';
import { listPendingAutoDrafts, settleAutoDraft } from '../../data/feed-repository';
import { type FailureKind, type GenerationJobRecord, getJob } from '../../data/generation-job-repository';
import { autoDraftIds } from '../generation/auto-draft-ids';

/**
 * An auto-draft job that ended without a thread: the credit reserved for it goes back to the balance
 * (once), and its inbox item says so (no credits left, or the job's reason) instead of 'drafted'. Only
 * the item this job drafted (or still pending) changes. Safe to repeat.
 */
export async function recordAutoDraftFailure(
  job: Pick<GenerationJobRecord, 'userId' | 'jobId' | 'threadId' | 'inboxItem' | 'creditReserved'>,
  failure: { kind: FailureKind; message: string },
  now: Date,
): Promise<void> {
  await releaseAutoDraftCredit(job, now);
  if (!job.inboxItem) return;
  const texts = feedMessages;
  await settleAutoDraft(
    { userId: job.userId, ...job.inboxItem },
    failure.kind === 'insufficient_credits'
      ? { status: 'skipped', reason: texts.skippedNoCredits }
      : { status: 'failed', reason: texts.draftFailed(failure.message), jobId: job.jobId },
    job.jobId,
  );
}

/** Gives back the credit an ended auto-draft job still holds (none held: nothing happens). */
export async function releaseAutoDraftCredit(
  job: Pick<GenerationJobRecord, 'userId' | 'threadId' | 'creditReserved'>,
  now: Date,
): Promise<void> {
  if (job.creditReserved) await releaseReservedCredit(job.userId, job.threadId, now);
}

/**
 * Auto-draft switched off: the feed's items still waiting are settled as not drafted, and why; a credit
 * a stopped check reserved for one (before creating its job) is given back.
 */
export async function settleSwitchedOffItems(userId: string, feedId: string, now: Date): Promise<void> {
  for (const item of await listPendingAutoDrafts(userId, feedId)) {
    const { jobId, threadId } = autoDraftIds(userId, item);
    if (!(await getJob(userId, jobId))) await releaseReservedCredit(userId, threadId, now);
    await settleAutoDraft(item, { status: 'skipped', reason: feedMessages.skippedSwitchedOff });
  }
}
