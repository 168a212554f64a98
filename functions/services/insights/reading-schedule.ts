import * as z from 'zod';
import { oneTimeScheduleExpression } from '#shared/scheduling/slots';
import { READING_SLOTS, type ReadingSlot } from '#shared/schemas/insights';
import { platformSchema } from '#shared/schemas/thread';
import { createOneTimeSchedule } from '../../lib/aws/scheduler';

/**
 * The readings of a completed run: one one-time schedule per slot (EventBridge Scheduler in the
 * cloud, the local scheduler locally), each delivering the run and the slot to the reading target.
 */

/** How long after the run completed each slot is read. */
export const SLOT_DELAY_SECONDS: Record<ReadingSlot, number> = { '1h': 3600, '24h': 86_400, '7d': 604_800 };

/** The detail of a ThreadPublished event: one platform's run completed. */
export const threadPublishedSchema = z.object({
  userId: z.string().min(1),
  threadId: z.string().min(1),
  platform: platformSchema,
  /** The account posted to; absent or null for a run from before several accounts. */
  accountId: z.string().min(1).nullable().optional(),
  runId: z.string().min(1),
  completedAt: z.iso.datetime(),
});
export type ThreadPublished = z.infer<typeof threadPublishedSchema>;

/** What a reading's schedule delivers. */
export const readingPayloadSchema = z.object({
  userId: z.string().min(1),
  threadId: z.string().min(1),
  platform: platformSchema,
  accountId: z.string().min(1).nullable().optional(),
  runId: z.string().min(1),
  kind: z.enum(READING_SLOTS),
});
export type ReadingPayload = z.infer<typeof readingPayloadSchema>;

/** Named after the run and slot, so a redelivered event finds the schedules it made instead of making more. */
export function readingScheduleName(runId: string, kind: ReadingSlot): string {
  return `reading-${runId}-${kind}`;
}

/** Plans the three readings of a completed run, each its delay after the run completed. */
export async function planReadings(event: ThreadPublished): Promise<void> {
  const completedAt = new Date(event.completedAt).getTime();
  for (const kind of READING_SLOTS) {
    const { userId, threadId, platform, accountId, runId } = event;
    const at = new Date(completedAt + SLOT_DELAY_SECONDS[kind] * 1000);
    const payload: ReadingPayload = { userId, threadId, platform, accountId: accountId ?? null, runId, kind };
    await createOneTimeSchedule(
      readingScheduleName(runId, kind),
      oneTimeScheduleExpression(at, 'UTC'),
      payload,
      'engagement-readings',
    );
  }
}
