import { schedulingMessages } from '#shared/messages/scheduling';
import { SCHEDULE_LIMITS } from '#shared/schemas/scheduling';
import { fromWallClock, toWallClock } from '#shared/time-zone';

const texts = schedulingMessages;
const DAY_MS = 86_400_000;

/**
 * Why a picked wall-clock time cannot be scheduled (nothing picked, in the past, beyond a year), or
 * null. The minimum lead is the server's to judge: a test stack may allow shorter ones.
 */
export function pickedTimeProblem(value: string, zone: string, now: Date): string | null {
  const at = fromWallClock(value, zone);
  if (at === null) return texts.chooseTime;
  const when = Date.parse(at);
  if (when <= now.getTime()) return texts.timeInPast;
  if (when > now.getTime() + SCHEDULE_LIMITS.maxLeadDays * DAY_MS) return texts.timeTooFar;
  return null;
}

/** The picker's bounds: from the current minute to a year ahead, in `zone`'s wall clock. */
export function pickerBounds(zone: string, now: Date): { min: string; max: string } {
  return {
    min: toWallClock(now, zone),
    max: toWallClock(new Date(now.getTime() + SCHEDULE_LIMITS.maxLeadDays * DAY_MS), zone),
  };
}
