import { randomUUID } from 'node:crypto';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { scheduleTooSoonText } from '#shared/messages/scheduling';
import { accountsOfQueuedItem, nextFreeSlot, scheduleWindow } from '#shared/scheduling/slots';
import {
  type PostingSlot,
  type RescheduleRequest,
  SCHEDULE_LIMITS,
  type ScheduledItem,
  type ScheduleRequest,
} from '#shared/schemas/scheduling';
import type { Platform, Thread } from '#shared/schemas/thread';
import { listConnectionsForUser } from '../../data/connection-repository';
import { listPublishRunsForThread } from '../../data/publish-run-repository';
import {
  cancelScheduledItem,
  claimQueueSlot,
  createScheduledItem,
  discardScheduledItem,
  getPostingQueue,
  getQueueSlotClaim,
  getScheduledItem,
  itemTargets,
  listPastScheduledItems,
  listUpcomingItemsOfThread,
  listUpcomingScheduledItems,
  moveScheduledItem,
  outcomeKey,
  outcomeOf,
  recordScheduledOutcome,
  releaseQueueSlot,
  releaseUpcomingPlace,
  reserveUpcomingPlace,
  type ScheduledItemRecord,
  type StoredOutcome,
} from '../../data/scheduled-item-repository';
import { config } from '../../lib/config';
import { DomainError, NotFoundError, ReconnectRequiredError, ValidationError } from '../../lib/errors';
import {
  AccountNotFoundError,
  assertPlatformsAvailable,
  NotConnectedError,
  resolveAccount,
} from '../connections/connections';
import { accountName } from '../platforms/account-ids';
import { adapterFor } from '../platforms/adapters';
import {
  assertAltTextWritten,
  assertHasPosts,
  assertPictureGrant,
  keepLinkPlacements,
  keepPlugChoice,
  TargetRequiredError,
} from '../publishing/publish-thread';
import { type AccessContext, assertThreadAccess } from '../threads/thread-access';
import { afterItemLeftUpcoming, refreshNextScheduled, releaseSlotOf } from './item-ending';
import { moveItemFire, scheduleItemFire } from './item-schedule';

const DAY_MS = 86_400_000;
/** A slot claim this old whose item does not exist was left by a request that died between its steps. */
const ORPHAN_CLAIM_MS = 60_000;

/** The item was published or cancelled: it can no longer be moved, cancelled or published now. */
export class ItemNotUpcomingError extends DomainError {
  constructor() {
    super(409, apiErrorMessages.scheduled_item_not_upcoming, {}, 'scheduled_item_not_upcoming');
  }
}

class ScheduledItemNotFoundError extends NotFoundError {
  constructor() {
    super(apiErrorMessages.scheduled_item_not_found, 'scheduled_item_not_found');
  }
}

/** The caller's item, or a 404 (another user's id finds nothing: ownership is part of the key). */
export async function ownItem(userId: string, itemId: string): Promise<ScheduledItemRecord> {
  const item = await getScheduledItem(userId, itemId);
  if (!item) throw new ScheduledItemNotFoundError();
  return item;
}

/** A chosen time inside the window (at least the shortest lead ahead, at most a year), whole seconds. */
function checkedTime(at: string, now: Date): string {
  const window = scheduleWindow(now, {
    minLeadSeconds: config().scheduling.minLeadSeconds,
    maxLeadDays: SCHEDULE_LIMITS.maxLeadDays,
  });
  // The schedule's expression counts whole seconds: rounded up, so it never fires before the time chosen.
  const instant = Math.ceil(Date.parse(at) / 1000) * 1000;
  if (instant < window.earliest)
    throw new ValidationError(scheduleTooSoonText(config().scheduling.minLeadSeconds), 'schedule_too_soon');
  if (instant > window.latest) throw new ValidationError(apiErrorMessages.schedule_too_far, 'schedule_too_far');
  return new Date(instant).toISOString();
}

/**
 * Each account can be posted to now: its platform enabled, connected with a grant that holds and covers
 * the thread's pictures, its channel or subreddit chosen where it needs one. Checked again when the item
 * fires. A platform naming no account posts to its only one (several connected: refused).
 */
async function assertAccountsReady(
  userId: string,
  thread: Thread,
  platforms: readonly Platform[],
  chosen: Partial<Record<Platform, string[]>>,
): Promise<Partial<Record<Platform, string[]>>> {
  await assertPlatformsAvailable(platforms);
  const accounts: Partial<Record<Platform, string[]>> = {};
  for (const platform of platforms) {
    const named = chosen[platform];
    for (const accountId of named?.length ? named : [null]) {
      const connection = await resolveAccount(userId, platform, accountId, { strict: true });
      if (accountId && !connection) throw new AccountNotFoundError(platform);
      if (!connection?.isConnected || !connection.accessToken) throw new NotConnectedError(platform);
      accounts[platform] = [...(accounts[platform] ?? []), connection.accountId];
      if (connection.connectionData.needsReconnect === true) throw ReconnectRequiredError.forPlatform(platform);
      const selection = adapterFor(platform).targetSelection;
      if (selection && !selection.selected(connection)) throw new TargetRequiredError(selection.requiredMessage);
      assertPictureGrant(thread, platform, connection);
    }
  }
  return accounts;
}

/**
 * The next free slot of the caller's posting queue, in its zone, claimed for the item: a slot another
 * request claimed first (two Add to Queue at once) is passed over for the next one. With it, the
 * accounts the slot names (for platforms the item names none on).
 */
async function nextQueueSlot(
  userId: string,
  itemId: string,
  now: Date,
): Promise<{ at: string; timeZone: string; slot: PostingSlot }> {
  const queue = await getPostingQueue(userId);
  if (!queue || queue.slots.length === 0) {
    throw new DomainError(409, apiErrorMessages.posting_queue_empty, {}, 'posting_queue_empty');
  }
  const taken = new Set((await listUpcomingScheduledItems(userId)).map((item) => Date.parse(item.at)));
  const window = scheduleWindow(now, {
    minLeadSeconds: config().scheduling.minLeadSeconds,
    maxLeadDays: SCHEDULE_LIMITS.maxLeadDays,
  });
  for (;;) {
    const free = nextFreeSlot(queue.slots, queue.timeZone, window, taken);
    if (!free) throw new DomainError(409, apiErrorMessages.posting_queue_full, {}, 'posting_queue_full');
    if (await takeQueueSlot(userId, free.at.toISOString(), itemId, now)) {
      return { at: free.at.toISOString(), timeZone: queue.timeZone, slot: free.slot };
    }
    taken.add(free.at.getTime());
  }
}

/**
 * Claims a slot instant for an item with one conditional write. A claim whose holder no longer sits
 * at that instant (a release that was lost, or a request that died before writing its item) is taken
 * over, conditionally on that same holder, so two takers still cannot both get it.
 */
async function takeQueueSlot(userId: string, at: string, itemId: string, now: Date): Promise<boolean> {
  if (await claimQueueSlot(userId, at, itemId, now.toISOString())) return true;
  const claim = await getQueueSlotClaim(userId, at);
  if (!claim) return claimQueueSlot(userId, at, itemId, now.toISOString());
  const holder = await getScheduledItem(userId, claim.itemId);
  const held = holder
    ? holder.status === 'scheduled' && holder.at === at
    : now.getTime() - Date.parse(claim.claimedAt) < ORPHAN_CLAIM_MS;
  return !held && claimQueueSlot(userId, at, itemId, now.toISOString(), claim.itemId);
}

/**
 * POST /api/threads/{threadId}/schedule: schedules the caller's thread for a chosen time or the next
 * free queue slot. The item is written, counted (at most 500 upcoming) and given its cloud schedule, in
 * that order; a refusal at a later step takes back the earlier ones, so nothing is left scheduled.
 * Link placements chosen with it are then kept with the thread, which the fire reads.
 */
export async function scheduleThread(
  context: AccessContext,
  threadId: string,
  request: ScheduleRequest,
): Promise<ScheduledItem> {
  const { userId, now } = context;
  const thread = await assertThreadAccess(context, threadId);
  assertHasPosts(thread);
  assertAltTextWritten(thread, request.platforms);
  const itemId = randomUUID();
  const when = request.queue
    ? await nextQueueSlot(userId, itemId, now)
    : {
        at: checkedTime(request.at!, now),
        timeZone: request.timeZone ?? (await getPostingQueue(userId))?.timeZone ?? 'UTC',
        slot: null,
      };
  // The accounts are fixed now: an account connected later does not change where the item posts.
  let accounts: Partial<Record<Platform, string[]>>;
  try {
    accounts = await assertAccountsReady(
      userId,
      thread,
      request.platforms,
      accountsOfQueuedItem(request.platforms, request.accounts, when.slot),
    );
  } catch (error) {
    // Refused: the slot claimed for it is free again.
    if (request.queue) await releaseQueueSlot(userId, when.at, itemId);
    throw error;
  }
  const item: ScheduledItemRecord = {
    userId,
    itemId,
    threadId,
    threadTitle: thread.title,
    platforms: request.platforms,
    accounts,
    at: when.at,
    timeZone: when.timeZone,
    source: request.queue ? 'queue' : 'time',
    status: 'scheduled',
    firedAt: null,
    cancelledAt: null,
    outcomes: {},
    // Only ids: the fire checks each again against the author's account and the article.
    ...(request.quotes && Object.keys(request.quotes).length > 0 ? { quotes: request.quotes } : {}),
    fireLeaseUntil: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const takeBack = async () => {
    await discardScheduledItem(userId, itemId);
    await releaseSlotOf(item);
  };
  try {
    await createScheduledItem(item);
  } catch (error) {
    await releaseSlotOf(item);
    throw error;
  }
  if (!(await reserveUpcomingPlace(userId, itemId, SCHEDULE_LIMITS.maxUpcomingItemsPerUser))) {
    await takeBack();
    throw new DomainError(409, apiErrorMessages.schedule_limit_reached, {}, 'schedule_limit_reached');
  }
  try {
    await scheduleItemFire(item);
  } catch (error) {
    await takeBack();
    await releaseUpcomingPlace(userId, itemId);
    throw error;
  }
  // The fire reads the thread: the placements chosen on the share step are kept with it.
  await keepPlugChoice(await keepLinkPlacements(thread, request.linkPlacements), request.plug);
  await refreshNextScheduled(userId, threadId);
  return toView(item);
}

/**
 * PUT /api/scheduled/{itemId}: a new time for an upcoming item. The item moves first, then its
 * schedule: a schedule left at the old time delivers the old time, which no longer matches, so the
 * item fires at the new time only (and a retry of a failed request completes the move).
 */
export async function rescheduleItem(
  context: AccessContext,
  itemId: string,
  request: RescheduleRequest,
): Promise<ScheduledItem> {
  const item = await ownItem(context.userId, itemId);
  if (item.status !== 'scheduled') throw new ItemNotUpcomingError();
  const at = checkedTime(request.at, context.now);
  const moved = await moveScheduledItem(item, at, request.timeZone ?? item.timeZone, context.now.toISOString());
  if (!moved) throw new ItemNotUpcomingError();
  await moveItemFire(moved);
  // It no longer sits in its queue slot: a later Add to Queue may take it.
  if (moved.at !== item.at) await releaseSlotOf(moved, item.at);
  await refreshNextScheduled(moved.userId, moved.threadId);
  return toView(moved);
}

/** DELETE /api/scheduled/{itemId}: cancels an upcoming item; nothing is posted for it. */
export async function cancelItem(context: AccessContext, itemId: string): Promise<void> {
  const item = await ownItem(context.userId, itemId);
  const cancelled = await cancelScheduledItem(item.userId, item.itemId, context.now.toISOString());
  if (!cancelled) throw new ItemNotUpcomingError();
  await afterItemLeftUpcoming(cancelled);
}

/** GET /api/scheduled?view=upcoming|past: upcoming items soonest first, or the last 30 days of ended ones. */
export async function listScheduled(userId: string, view: 'upcoming' | 'past', now: Date): Promise<ScheduledItem[]> {
  const names = await accountNames(userId);
  if (view === 'upcoming') return (await listUpcomingScheduledItems(userId)).map((item) => toView(item, names));
  const since = new Date(now.getTime() - SCHEDULE_LIMITS.pastDays * DAY_MS).toISOString();
  const past = await listPastScheduledItems(userId, since);
  return Promise.all(past.map(async (item) => toView(await withSettledOutcomes(item), names)));
}

/** The workspace's accounts' names (a disconnected one keeps its row and name), by outcomeKey. */
async function accountNames(userId: string): Promise<ReadonlyMap<string, string>> {
  const accounts = await listConnectionsForUser(userId);
  return new Map(accounts.map((account) => [outcomeKey(account), accountName(account)]));
}

/** GET /api/threads/{threadId}/schedule: the caller's thread's upcoming items. */
export async function threadSchedule(context: AccessContext, threadId: string): Promise<ScheduledItem[]> {
  await assertThreadAccess(context, threadId);
  return (await listUpcomingItemsOfThread(context.userId, threadId)).map((item) => toView(item));
}

const UNDER_WAY = new Set<StoredOutcome['status']>(['pending', 'posting']);

/**
 * A fired item's outcomes with each run still under way read from its publishing run; a run that has
 * ended is written back to the item, so the outcome stays when the thread is published again later
 * (a later publish replaces the run, which it may only do once this one ended).
 */
async function withSettledOutcomes(item: ScheduledItemRecord): Promise<ScheduledItemRecord> {
  const open = Object.values(item.outcomes).filter((outcome) => outcome.runId && UNDER_WAY.has(outcome.status));
  if (open.length === 0) return item;
  const runs = await listPublishRunsForThread(item.userId, item.threadId);
  const outcomes = { ...item.outcomes };
  for (const outcome of open) {
    // The run of this outcome (one per account on a platform): matched by its id.
    const run = runs.find((candidate) => candidate.platform === outcome.platform && candidate.runId === outcome.runId);
    const current: StoredOutcome =
      run?.runId === outcome.runId
        ? { ...outcome, status: run.status, error: run.error, postUrl: run.postUrl }
        : // Its run was replaced by a later publish, which needs it to have ended: a run that posted.
          { ...outcome, status: 'completed' };
    outcomes[outcomeKey(outcome)] = current;
    if (!UNDER_WAY.has(current.status)) await recordScheduledOutcome(item.userId, item.itemId, current);
  }
  return { ...item, outcomes };
}

/**
 * The API's view of an item: `firing` shows as fired, with an outcome per account once it fired; an
 * upcoming item lists the outcomes of accounts that failed before its time (disconnected).
 */
export function toView(item: ScheduledItemRecord, names: ReadonlyMap<string, string> = new Map()): ScheduledItem {
  const fired = item.status === 'fired' || item.status === 'firing';
  return {
    itemId: item.itemId,
    threadId: item.threadId,
    threadTitle: item.threadTitle,
    platforms: item.platforms,
    ...(item.accounts ? { accounts: item.accounts } : {}),
    at: item.at,
    timeZone: item.timeZone,
    source: item.source,
    status: fired ? 'fired' : item.status === 'cancelled' ? 'cancelled' : 'scheduled',
    firedAt: item.firedAt,
    outcomes: itemTargets(item)
      .filter((target) => fired || outcomeOf(item, target))
      .map((target) => {
        const { status, error, postUrl } = outcomeOf(item, target) ?? {
          status: 'pending' as const,
          error: null,
          postUrl: null,
        };
        const accountName = target.accountId ? names.get(outcomeKey(target)) : undefined;
        return { ...target, ...(accountName ? { accountName } : {}), status, error, postUrl };
      }),
    ...(item.waitingForApproval && item.status === 'scheduled' ? { waitingForApproval: true as const } : {}),
  };
}
