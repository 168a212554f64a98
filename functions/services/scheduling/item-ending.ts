import { reconnectToPublishText } from '#shared/messages/scheduling';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import {
  cancelScheduledItem,
  endUpcomingItemWithOutcomes,
  getScheduledItem,
  type ItemTarget,
  itemTargets,
  listUpcomingItemsOfThread,
  listUpcomingScheduledItems,
  outcomeOf,
  recordUpcomingOutcome,
  releaseQueueSlot,
  releaseUpcomingPlace,
  type ScheduledItemRecord,
  type StoredOutcome,
} from '../../data/scheduled-item-repository';
import { setThreadNextScheduled } from '../../data/thread-repository';
import { cancelItemFire } from './item-schedule';

/**
 * Scheduled items leaving the upcoming listing: cancelled with their thread, failed on a disconnected
 * platform, or ended by their fire. Kept apart from scheduling (scheduled-items.ts, which checks
 * platforms and publishing rules) so deleting a thread or a connection bundles neither.
 */

/** Frees the queue slot an item claimed (items scheduled for a chosen time hold none). */
export async function releaseSlotOf(item: ScheduledItemRecord, at = item.at): Promise<void> {
  if (item.source === 'queue') await releaseQueueSlot(item.userId, at, item.itemId);
}

/** The cloud schedule, the upcoming count, its queue slot and the thread's 'Scheduled for' follow an item that left the upcoming listing. */
export async function afterItemLeftUpcoming(item: ScheduledItemRecord): Promise<void> {
  await cancelItemFire(item.itemId);
  await releaseUpcomingPlace(item.userId, item.itemId);
  await releaseSlotOf(item);
  await refreshNextScheduled(item.userId, item.threadId);
}

/** Deleting a thread cancels its upcoming items (the thread is gone, so nothing of it is posted). */
export async function cancelItemsOfThread(userId: string, threadId: string, now: Date): Promise<number> {
  let cancelled = 0;
  for (const item of await listUpcomingItemsOfThread(userId, threadId)) {
    const done = await cancelScheduledItem(userId, item.itemId, now.toISOString());
    if (done) {
      await afterItemLeftUpcoming(done);
      cancelled += 1;
    }
  }
  return cancelled;
}

/** An account's outcome when it posted nothing, with the reason. */
export function failedOutcome(target: ItemTarget, error: string): StoredOutcome {
  return { ...target, runId: null, status: 'failed', error, postUrl: null };
}

/** Every account of the item has its outcome: nothing is left to post. */
const allSettled = (item: ScheduledItemRecord) => itemTargets(item).every((target) => outcomeOf(item, target));

/** The platforms the item still has an account to post to on (none has its outcome yet). */
export function platformsStillToPost(item: ScheduledItemRecord): Platform[] {
  const open = itemTargets(item).filter((target) => !outcomeOf(item, target));
  return item.platforms.filter((platform) => open.some((target) => target.platform === platform));
}

/**
 * Disconnecting a platform fails it at once on the user's upcoming items ('Reconnect {Platform} to
 * publish'): the outcome is recorded on the item, so its fire skips that platform and posts the others;
 * an item left with no platform to post to ends fired (its schedule deleted, its place and slot freed).
 * Each step is one conditional write, so a retried disconnect completes what a failed one left.
 */
export async function failPlatformOnUpcomingItems(userId: string, platform: Platform, now: Date): Promise<void> {
  const reason = reconnectToPublishText(platformDisplayName(platform));
  for (const listed of await listUpcomingScheduledItems(userId)) {
    if (!listed.platforms.includes(platform)) continue;
    for (const target of itemTargets(listed).filter((each) => each.platform === platform)) {
      await recordUpcomingOutcome(userId, listed.itemId, failedOutcome(target, reason), now.toISOString());
    }
    const item = await getScheduledItem(userId, listed.itemId);
    if (item?.status !== 'scheduled') continue;
    const ended = allSettled(item) ? await endUpcomingItemWithOutcomes(item, now.toISOString()) : null;
    if (ended) await afterItemLeftUpcoming(ended);
    else await refreshNextScheduled(userId, item.threadId);
  }
}

/**
 * Ends an upcoming item without posting: each platform still to post gets `reason` as its failed
 * outcome, then the item ends fired (the same conditional writes as a disconnect's, so a retry
 * completes what a failed try left, and of two ends one wins).
 */
export async function endUpcomingItem(item: ScheduledItemRecord, reason: string, now: Date): Promise<void> {
  for (const target of itemTargets(item)) {
    if (outcomeOf(item, target)) continue;
    await recordUpcomingOutcome(item.userId, item.itemId, failedOutcome(target, reason), now.toISOString());
  }
  const current = await getScheduledItem(item.userId, item.itemId);
  if (current?.status !== 'scheduled') return;
  const ended = await endUpcomingItemWithOutcomes(current, now.toISOString());
  if (ended) await afterItemLeftUpcoming(ended);
}

/**
 * Deleting an account deletes the cloud schedules of its upcoming items (the items themselves go with
 * the account's partition; a schedule that still fires finds the tombstone and posts nothing).
 */
export async function deleteSchedulesOfAccount(userId: string): Promise<number> {
  const upcoming = await listUpcomingScheduledItems(userId);
  for (const item of upcoming) await cancelItemFire(item.itemId);
  return upcoming.length;
}

/** Keeps the thread's soonest upcoming item on the thread (its detail and My Threads card show it). */
export async function refreshNextScheduled(userId: string, threadId: string): Promise<void> {
  const [next] = await listUpcomingItemsOfThread(userId, threadId);
  await setThreadNextScheduled(
    userId,
    threadId,
    // The platforms it will still post to (one disconnected since has failed already).
    next ? { at: next.at, platforms: platformsStillToPost(next) } : null,
  );
}
