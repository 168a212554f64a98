import * as z from 'zod';
import { oneTimeScheduleExpression } from '#shared/scheduling/slots';
import type { ScheduledItemRecord } from '../../data/scheduled-item-repository';
import { createOneTimeSchedule, deleteOneTimeSchedule, updateOneTimeSchedule } from '../../lib/aws/scheduler';

/**
 * Each upcoming item's one-time cloud schedule (EventBridge Scheduler; the local scheduler locally).
 * It delivers the item's id and the time it was scheduled for to the fire function.
 */

/** What a schedule delivers to the fire function (`at`: a schedule left from an earlier time fires nothing). */
export const firePayloadSchema = z.object({
  userId: z.string().min(1),
  itemId: z.string().min(1),
  at: z.string().min(1),
  /** The end of the grace window of an item waiting for approval: still unapproved, it ends missed. */
  approvalDeadline: z.literal(true).optional(),
});
export type FirePayload = z.infer<typeof firePayloadSchema>;

/** The schedule's name is the item's own, so a retry finds the schedule it made instead of making two. */
export function scheduleNameOf(itemId: string): string {
  return `item-${itemId}`;
}

const payloadOf = (item: ScheduledItemRecord): FirePayload => ({
  userId: item.userId,
  itemId: item.itemId,
  at: item.at,
});

/** Creates the item's schedule at its time, in its zone. */
export function scheduleItemFire(item: ScheduledItemRecord): Promise<void> {
  return createOneTimeSchedule(
    scheduleNameOf(item.itemId),
    oneTimeScheduleExpression(new Date(item.at), item.timeZone),
    payloadOf(item),
  );
}

/** Moves the item's schedule to its new time (UpdateSchedule). */
export function moveItemFire(item: ScheduledItemRecord): Promise<void> {
  return updateOneTimeSchedule(
    scheduleNameOf(item.itemId),
    oneTimeScheduleExpression(new Date(item.at), item.timeZone),
    payloadOf(item),
  );
}

/** Deletes the item's schedule (one already delivered or deleted is fine). */
export function cancelItemFire(itemId: string): Promise<void> {
  return deleteOneTimeSchedule(scheduleNameOf(itemId));
}

/** The schedule of a waiting item's grace window: its own name, so the item's schedule (already delivered) is left alone. */
function deadlineNameOf(itemId: string): string {
  return `item-${itemId}-approval`;
}

/**
 * Fires the item again at the end of its grace window (`deadline`), with its time as the payload's
 * `at` (so a rescheduled item finds nothing then): if its thread is still not approved, it ends missed.
 */
export function scheduleApprovalDeadline(item: ScheduledItemRecord, deadline: Date): Promise<void> {
  return createOneTimeSchedule(deadlineNameOf(item.itemId), oneTimeScheduleExpression(deadline, item.timeZone), {
    ...payloadOf(item),
    approvalDeadline: true,
  } satisfies FirePayload);
}

/** Deletes the grace window's schedule (the item fired on approval, or ended). */
export function cancelApprovalDeadline(itemId: string): Promise<void> {
  return deleteOneTimeSchedule(deadlineNameOf(itemId));
}
