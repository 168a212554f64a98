import { plugMessages } from '#shared/messages/publishing';
import { PLUG_PLATFORMS } from '#shared/publishing/plug';
import type { Platform } from '#shared/schemas/thread';
import { endPlug, listArmedPlugsOfPlatform, listPlugsOfThread, type PlugRecord } from '../../data/plug-repository';
import { deleteOneTimeSchedule } from '../../lib/aws/scheduler';
import { cancelItemsOfThread } from '../scheduling/item-ending';

/**
 * Ending a plug before it fires. Kept apart from the checks (plug.ts), which read platforms: deleting
 * a thread or a connection cancels plugs without bundling every platform's adapter.
 */

/** Named after the run and the check, so a redelivered check finds its successor instead of making another. */
export function plugCheckName(runId: string, check: number): string {
  return `plug-${runId}-${check}`;
}

/**
 * What deleting a thread cancels (the hook `deleteThread` runs, threads being below both areas): its
 * scheduled items and its plugs, with their pending schedules.
 */
export async function cancelSchedulesOfThread(userId: string, threadId: string, now: Date): Promise<void> {
  await cancelItemsOfThread(userId, threadId, now);
  await cancelPlugsOfThread(userId, threadId, now);
}

/** Cancels an armed plug and deletes its pending check; 'done' when it was no longer armed. */
export async function cancelPlug(plug: PlugRecord, reason: string, now: Date): Promise<'done' | 'cancelled'> {
  if (plug.state !== 'armed') return 'done';
  await endPlug(plug, 'cancelled', reason, now.toISOString());
  await deletePendingChecks(plug);
  return 'cancelled';
}

/** The pending check, and its successor in case the check before it stopped before recording itself. */
async function deletePendingChecks(plug: PlugRecord): Promise<void> {
  await deleteOneTimeSchedule(plugCheckName(plug.runId, plug.checksDone));
  await deleteOneTimeSchedule(plugCheckName(plug.runId, plug.checksDone + 1));
}

/** Cancels the armed plugs of a deleted thread and deletes their pending checks. */
export async function cancelPlugsOfThread(userId: string, threadId: string, now: Date): Promise<void> {
  for (const plug of await listPlugsOfThread(userId, threadId)) {
    await cancelPlug(plug, plugMessages.threadDeleted, now);
  }
}

/** Cancels the user's armed plugs on a disconnected platform and deletes their pending checks. */
export async function cancelPlugsOfPlatform(userId: string, platform: Platform, now: Date): Promise<void> {
  for (const plug of await listArmedPlugsOfPlatform(userId, platform)) {
    await cancelPlug(plug, plugMessages.disconnected, now);
  }
}

/**
 * Deleting an account deletes the pending checks of its armed plugs (the plugs themselves go with the
 * account's partition; a check that still fires finds no plug and does nothing); how many.
 */
export async function deletePlugChecksOfAccount(userId: string): Promise<number> {
  let deleted = 0;
  for (const platform of PLUG_PLATFORMS) {
    for (const plug of await listArmedPlugsOfPlatform(userId, platform)) {
      await deletePendingChecks(plug);
      deleted += 1;
    }
  }
  return deleted;
}
