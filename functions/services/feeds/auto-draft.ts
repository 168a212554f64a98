import { feedMessages } from '#shared/messages/feeds';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import { releaseReservedCredit, reserveCreditForThread } from '../../data/credits-repository';
import { getFeedSettings, listPendingAutoDrafts, settleAutoDraft, takeAutoDraftSlot } from '../../data/feed-repository';
import { getJob } from '../../data/generation-job-repository';
import { announceAppEvent } from '../../lib/aws/eventbridge';
import { autoDraftIds } from '../generation/auto-draft-ids';
import { submitAutoDraftJob } from '../generation/submit-job';

/**
 * A feed's Auto-draft over its pending items (those that landed while the switch was on and no check
 * has settled yet, newest first): each becomes a generation job, as the user's own request would,
 * while the day's auto-drafts stay under the user's number (default 3) and the balance covers every
 * job. The balance is a reservation, not a count: each item drafted first takes its credit off the
 * balance (one conditional update, so checks running at once never promise more than it holds), and
 * its job spends that credit or gives it back. An item left out says why. The threads are drafts:
 * nothing here publishes them.
 *
 * Exactly once without transactions: an item leaves the pending listing only when settled, its job and
 * thread ids follow from the item (reserving, creating or queueing again is a no-op), and its day slot
 * is counted once per item; so a check that stopped halfway is finished by the next one (the retry).
 */
export async function draftPendingItems(userId: string, feedId: string, today: string, now: Date): Promise<void> {
  const pending = await listPendingAutoDrafts(userId, feedId);
  if (pending.length === 0) return;
  const settings = await getFeedSettings(userId);
  const limit = settings.autoDraftsPerDay ?? FEED_LIMITS.defaultAutoDraftsPerDay;
  for (const item of pending) {
    const { jobId, threadId } = autoDraftIds(userId, item);
    // An earlier check created this item's job and stopped before settling it: credit and slot are taken.
    if (!(await getJob(userId, jobId))) {
      if ((await reserveCreditForThread(userId, threadId)) === 'insufficient') {
        await settleAutoDraft(item, { status: 'skipped', reason: feedMessages.skippedNoCredits });
        continue;
      }
      if (!(await takeAutoDraftSlot(userId, today, limit, `${item.feedId}.${item.entryId}`))) {
        await releaseReservedCredit(userId, threadId, now);
        await settleAutoDraft(item, { status: 'skipped', reason: feedMessages.skippedDailyLimit(limit) });
        continue;
      }
    }
    const job = await submitAutoDraftJob(userId, item, now);
    await settleAutoDraft(item, { status: 'drafted', ...job });
    await announceAppEvent('FeedItemDrafted', {
      workspaceId: userId,
      feedId: item.feedId,
      entryId: item.entryId,
      url: item.url,
      title: item.title,
      jobId: job.jobId,
      threadId: job.threadId,
      draftedAt: now.toISOString(),
    });
  }
}
