import { beyondSpecMessages } from '#shared/messages';
import { listPendingAutoDrafts, settleAutoDraft } from '../../data/feed-repository';
import type { FailureKind, GenerationJobRecord } from '../../data/generation-job-repository';

/**
 * An auto-draft job that ended without a thread: its inbox item says so (no credits left, or the
 * job's reason) instead of 'drafted'. Only the item this job drafted (or still pending) changes.
 */
export async function recordAutoDraftFailure(
  job: Pick<GenerationJobRecord, 'userId' | 'jobId' | 'inboxItem'>,
  failure: { kind: FailureKind; message: string },
): Promise<void> {
  if (!job.inboxItem) return;
  const texts = beyondSpecMessages.feeds;
  await settleAutoDraft(
    { userId: job.userId, ...job.inboxItem },
    failure.kind === 'insufficient_credits'
      ? { status: 'skipped', reason: texts.skippedNoCredits }
      : { status: 'failed', reason: texts.draftFailed(failure.message), jobId: job.jobId },
    job.jobId,
  );
}

/** Auto-draft switched off: the feed's items still waiting are settled as not drafted, and why. */
export async function settleSwitchedOffItems(userId: string, feedId: string): Promise<void> {
  for (const item of await listPendingAutoDrafts(userId, feedId)) {
    await settleAutoDraft(item, { status: 'skipped', reason: beyondSpecMessages.feeds.skippedSwitchedOff });
  }
}
