import { beyondSpecMessages } from '#shared/messages';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import { getCredits } from '../../data/credits-repository';
import { getFeedSettings, listPendingAutoDrafts, settleAutoDraft, takeAutoDraftSlot } from '../../data/feed-repository';
import { countUnfinishedAutoDraftJobs, getJob } from '../../data/generation-job-repository';
import { autoDraftIds, submitAutoDraftJob } from '../generation/submit-job';

/**
 * A feed's Auto-draft over its pending items (those that landed while the switch was on and no check
 * has settled yet, newest first): each becomes a generation job, as the user's own request would,
 * while the day's auto-drafts stay under the user's number (default 3) and the balance, less the
 * auto-drafts still running from earlier checks, covers every job (each charged one credit when its
 * thread is made). An item left out says why. The threads are drafts: nothing here publishes them.
 *
 * Exactly once without transactions: an item leaves the pending listing only when settled, its job id
 * follows from the item (creating or queueing it again is a no-op), and its day slot is counted once
 * per item; so a check that stopped halfway is finished by the next one (the message's retry).
 */
export async function draftPendingItems(userId: string, feedId: string, today: string, now: Date): Promise<void> {
  const pending = await listPendingAutoDrafts(userId, feedId);
  if (pending.length === 0) return;
  const [settings, credits, unfinished] = await Promise.all([
    getFeedSettings(userId),
    getCredits(userId),
    countUnfinishedAutoDraftJobs(userId),
  ]);
  const limit = settings.autoDraftsPerDay ?? FEED_LIMITS.defaultAutoDraftsPerDay;
  let available =
    Math.max(0, credits?.freeCredits ?? 0) + Math.max(0, credits?.paidCredits ?? 0) - Math.max(0, unfinished);
  for (const item of pending) {
    // An earlier check created this item's job and stopped before settling it: it was counted then.
    const alreadySubmitted = await getJob(userId, autoDraftIds(userId, item).jobId);
    if (!alreadySubmitted) {
      if (available < 1) {
        await settleAutoDraft(item, { status: 'skipped', reason: beyondSpecMessages.feeds.skippedNoCredits });
        continue;
      }
      if (!(await takeAutoDraftSlot(userId, today, limit, `${item.feedId}.${item.entryId}`))) {
        await settleAutoDraft(item, { status: 'skipped', reason: beyondSpecMessages.feeds.skippedDailyLimit(limit) });
        continue;
      }
      available -= 1;
    }
    const job = await submitAutoDraftJob(userId, item, now);
    await settleAutoDraft(item, { status: 'drafted', ...job });
  }
}
