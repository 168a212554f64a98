import { apiErrorMessages } from '#shared/messages/api-errors';
import {
  APPROVAL_TOO_LATE_TEXT,
  reconnectAccountToPublishText,
  reconnectToPublishText,
  SCHEDULED_THREAD_GONE_TEXT,
} from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import type { Platform, Thread } from '#shared/schemas/thread';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { findAccountTombstone } from '../../data/account-deletion-repository';
import { getPublishRun } from '../../data/publish-run-repository';
import {
  claimScheduledItemForFiring,
  finishFiring,
  getScheduledItem,
  type ItemTarget,
  itemTargets,
  markWaitingForApproval,
  outcomeKey,
  outcomeOf,
  recordScheduledOutcome,
  releaseFiring,
  releaseUpcomingPlace,
  type ScheduledItemRecord,
  type StoredOutcome,
} from '../../data/scheduled-item-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { getWorkspaceSettings } from '../../data/workspace-repository';
import { announceAppEvent } from '../../lib/aws/eventbridge';
import { DomainError, ReconnectRequiredError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { assertPlatformsAvailable, NotConnectedError, resolveAccount } from '../connections/connections';
import { accountName } from '../platforms/account-ids';
import { checkedQuote } from '../publishing/author-posts';
import {
  assertAltTextWritten,
  connectionForPublishing,
  queueExistingRun,
  queuePlatformRun,
  STAGGER_MS,
} from '../publishing/publish-thread';
import type { AccessContext } from '../threads/thread-access';
import { approvalMissing, assertApproved } from '../workspaces/approval-check';
import {
  endUpcomingItem,
  failedOutcome,
  platformsStillToPost,
  refreshNextScheduled,
  releaseSlotOf,
} from './item-ending';
import { cancelItemFire, scheduleApprovalDeadline } from './item-schedule';
import { ItemNotUpcomingError, ownItem, toView } from './scheduled-items';

/** One fire holds an item this long (above the fire function's timeout), so a second fire never runs beside it. */
export const FIRE_LEASE_MS = 60_000;

/**
 * A scheduled item's own run on one account: recognisable, so a fire resumed after a crash does not
 * start a second. An item naming one account on the platform (or none: an older item) keeps the id
 * items had before several accounts; one naming several gives each account's run its own.
 */
export function scheduledRunId(itemId: string, platform: Platform, accountId: string | null = null): string {
  return accountId ? `${itemId}-${platform}-${accountId}` : `${itemId}-${platform}`;
}

/**
 * Fires an item: one publishing run per platform through the publishing queue, exactly as Publish
 * does, after checking again what may have changed since it was scheduled (the account, the thread,
 * its pictures' alt text, each platform's switch, connection and target). A platform that fails a
 * check gets the reason as its outcome and posts nothing. The claim is one conditional write, so of
 * two fires at once (the scheduler's retry, Publish Now) one proceeds; `expectedAt` (the time the
 * schedule was made for) makes a schedule left from before a reschedule fire nothing. Returns the
 * claimed item, or null.
 */
export async function fireScheduledItem(
  userId: string,
  itemId: string,
  expectedAt: string | null,
  now: Date,
  options: { approvalDeadline?: boolean } = {},
): Promise<ScheduledItemRecord | null> {
  if (!(await approvedOrWaiting(userId, itemId, expectedAt, now, options.approvalDeadline === true))) return null;
  const item = await claimScheduledItemForFiring(userId, itemId, expectedAt, now.getTime(), FIRE_LEASE_MS);
  if (!item) {
    logger.info('scheduled item not fired: not upcoming at this time, or another fire holds it', { userId, itemId });
    return null;
  }
  try {
    await releaseUpcomingPlace(userId, itemId);
    await releaseSlotOf(item);
    await refreshNextScheduled(userId, item.threadId);
    const thread = await getThreadForUser(userId, item.threadId);
    const refusal = (await findAccountTombstone(userId, now))
      ? apiErrorMessages.account_deleted
      : !thread
        ? SCHEDULED_THREAD_GONE_TEXT
        : thread.posts.length === 0
          ? apiErrorMessages.no_posts
          : null;
    let queued = 0;
    for (const target of itemTargets(item)) {
      if (outcomeOf(item, target)) continue;
      const outcome =
        refusal || !thread
          ? failedOutcome(target, refusal ?? SCHEDULED_THREAD_GONE_TEXT)
          : await startRun(item, thread, target, Math.ceil((queued * STAGGER_MS.panel) / 1000), now);
      if (outcome.runId) queued += 1;
      countBy(outcome.runId ? 'ScheduledPlatformFired' : 'ScheduledPlatformRefused', { platform: target.platform });
      await recordScheduledOutcome(userId, itemId, outcome);
      item.outcomes[outcomeKey(target)] = outcome;
    }
    await finishFiring(userId, itemId, now.toISOString());
    await announceAppEvent('ScheduleFired', {
      workspaceId: userId,
      scheduledItemId: itemId,
      threadId: item.threadId,
      scheduledFor: item.at,
      firedAt: now.toISOString(),
      outcomes: Object.values(item.outcomes).map((outcome) => ({
        platform: outcome.platform,
        status: outcome.status,
        error: outcome.error ?? null,
      })),
    });
    return { ...item, status: 'fired' };
  } catch (error) {
    // The scheduler retries a failed delivery: its retry takes the item over at once, not after the lease.
    await releaseFiring(userId, itemId);
    throw error;
  }
}

/**
 * In a workspace that needs approval, an item fires only once its thread, as it is now, is approved.
 * At its time without approval it waits: marked (the Scheduled page says so), with a schedule at the
 * end of its grace window; the approval fires it (reviews.ts), and at that end, or when its time came
 * already past the window, it ends missed. True: fire now (the claim still decides whether this fire
 * gets the item, so it fires once).
 */
async function approvedOrWaiting(
  workspaceId: string,
  itemId: string,
  expectedAt: string | null,
  now: Date,
  atDeadline: boolean,
): Promise<boolean> {
  if (!isTeamWorkspaceId(workspaceId)) return true;
  const item = await getScheduledItem(workspaceId, itemId);
  // Not upcoming at this time: the claim finds nothing, or takes over a fire that stopped midway.
  if (item?.status !== 'scheduled' || (expectedAt && item.at !== expectedAt)) return true;
  const thread = await getThreadForUser(workspaceId, item.threadId);
  // A deleted thread: the fire records why nothing posted.
  if (!thread) return true;
  const pending = platformsStillToPost(item);
  if (!(await approvalMissing(workspaceId, thread, pending))) return true;
  const { graceHours } = await getWorkspaceSettings(workspaceId);
  const deadline = new Date(Date.parse(item.at) + graceHours * 3_600_000);
  if (atDeadline || now.getTime() >= deadline.getTime()) {
    await endUpcomingItem(item, APPROVAL_TOO_LATE_TEXT, now);
    logger.info('scheduled item missed: its thread was not approved within the grace window', { itemId });
    return false;
  }
  if (!item.waitingForApproval) {
    const waiting = await markWaitingForApproval(workspaceId, itemId, item.at, now.toISOString());
    if (!waiting) return true;
    await scheduleApprovalDeadline(waiting, deadline);
  }
  // An approval made while the item was being marked did not see it waiting: look once more.
  const current = await getThreadForUser(workspaceId, item.threadId);
  return !current || !(await approvalMissing(workspaceId, current, pending));
}

/**
 * Checks one account again and starts (or finds) its run; a refusal is the outcome, with its reason.
 * The account is the one named when it was scheduled: never another one in its place.
 */
async function startRun(
  item: ScheduledItemRecord,
  thread: Thread,
  target: ItemTarget,
  delaySeconds: number,
  now: Date,
): Promise<StoredOutcome> {
  const { platform } = target;
  const several = (item.accounts?.[platform]?.length ?? 0) > 1;
  const runId = scheduledRunId(item.itemId, platform, several ? target.accountId : null);
  // The account chosen when it was scheduled; an item from before several accounts posts to the first.
  const accountId = target.accountId ?? (await resolveAccount(item.userId, platform, null))?.accountId ?? null;
  // An item from before several accounts may have started its run under the run's old key (no account).
  const existing =
    (await getPublishRun(item.userId, item.threadId, platform, accountId)) ??
    (target.accountId ? null : await getPublishRun(item.userId, item.threadId, platform, null));
  if (existing?.runId === runId) {
    // A fire that stopped after starting this run: queue it again (one worker at a time holds a run).
    if (existing.status === 'pending' || existing.status === 'posting') await queueExistingRun(existing);
    return { ...target, runId, status: existing.status, error: existing.error, postUrl: existing.postUrl };
  }
  try {
    // The thread may have been edited since it was scheduled: a picture added without alt text.
    assertAltTextWritten(thread, [platform]);
    await assertPlatformsAvailable([platform]);
    const connection = await connectionForPublishing(item.userId, platform, now, thread, accountId);
    // The quote chosen when it was scheduled, checked now as a publish checks it: one no longer valid
    // makes the credit plain, with the reason on the run.
    const quote = await checkedQuote(platform, connection, thread, item.quotes, now);
    const queued = await queuePlatformRun(item.userId, thread, platform, connection, now, {
      delaySeconds,
      freshRunId: runId,
      quote,
      accountId,
    });
    // A run of this thread already under way on the platform is the one this item follows: no second run.
    const followed = queued ?? (await getPublishRun(item.userId, item.threadId, platform, accountId))?.runId ?? null;
    return { ...target, runId: followed, status: 'pending', error: null, postUrl: null };
  } catch (error) {
    if (error instanceof NotConnectedError || error instanceof ReconnectRequiredError) {
      return failedOutcome(target, await reconnectText(item.userId, target));
    }
    if (error instanceof DomainError && error.status < 500) return failedOutcome(target, error.message);
    throw error;
  }
}

/** Why an account posted nothing: 'Reconnect {Platform}', naming the account when the item named one. */
async function reconnectText(userId: string, target: ItemTarget): Promise<string> {
  const platformName = platformDisplayName(target.platform);
  const account = target.accountId ? await resolveAccount(userId, target.platform, target.accountId) : null;
  return account
    ? reconnectAccountToPublishText(platformName, accountName(account))
    : reconnectToPublishText(platformName);
}

/** POST /api/scheduled/{itemId}/publish-now: fires an upcoming item at once, through the same path, and deletes its schedule. */
export async function publishItemNow(context: AccessContext, itemId: string): Promise<ScheduledItem> {
  const item = await ownItem(context.userId, itemId);
  if (item.status !== 'scheduled') throw new ItemNotUpcomingError();
  const thread = await getThreadForUser(context.userId, item.threadId);
  if (thread) await assertApproved(context.userId, thread, platformsStillToPost(item));
  const fired = await fireScheduledItem(context.userId, itemId, null, context.now);
  if (!fired) throw new ItemNotUpcomingError();
  await cancelItemFire(itemId);
  return toView((await getScheduledItem(context.userId, itemId)) ?? fired);
}
