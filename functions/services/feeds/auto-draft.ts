import { beyondSpecMessages } from '#shared/messages';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import { getCredits } from '../../data/credits-repository';
import {
  getFeedSettings,
  type InboxItemRecord,
  setInboxItemAutoDraft,
  takeAutoDraftSlot,
} from '../../data/feed-repository';
import { submitAutoDraftJob } from '../generation/submit-job';

/**
 * A feed's Auto-draft over its new items (newest first): each becomes a generation job, as the
 * user's own request would, while the day's auto-drafts stay under the user's number (default 3)
 * and the balance covers every job submitted (each charged one credit when its thread is made).
 * An item left out says why. The threads are drafts: nothing here publishes them.
 */
export async function autoDraftNewItems(
  userId: string,
  items: InboxItemRecord[],
  today: string,
  now: Date,
): Promise<void> {
  const settings = await getFeedSettings(userId);
  const limit = settings.autoDraftsPerDay ?? FEED_LIMITS.defaultAutoDraftsPerDay;
  const credits = await getCredits(userId);
  let available = Math.max(0, credits?.freeCredits ?? 0) + Math.max(0, credits?.paidCredits ?? 0);
  for (const item of items) {
    if (available < 1) {
      await setInboxItemAutoDraft(userId, item.feedId, item.entryId, {
        status: 'skipped',
        reason: beyondSpecMessages.feeds.skippedNoCredits,
      });
      continue;
    }
    if (!(await takeAutoDraftSlot(userId, today, limit))) {
      await setInboxItemAutoDraft(userId, item.feedId, item.entryId, {
        status: 'skipped',
        reason: beyondSpecMessages.feeds.skippedDailyLimit(limit),
      });
      continue;
    }
    const job = await submitAutoDraftJob(userId, item.url, now);
    available -= 1;
    await setInboxItemAutoDraft(userId, item.feedId, item.entryId, { status: 'drafted', ...job });
  }
}
