import {
  type PostingQueue,
  type PostingSlot,
  postingQueueSchema,
  WEEKDAYS,
  type Weekday,
} from '#shared/schemas/scheduling';

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Slots in week order (Monday first), then by time of day. */
export function sortSlots(slots: readonly PostingSlot[]): PostingSlot[] {
  return [...slots].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time));
}

/** The slot a new row starts as: the day after the last slot at its time, else Monday 09:00. */
export function nextSlotSuggestion(slots: readonly PostingSlot[]): PostingSlot {
  const last = slots.at(-1);
  if (!last) return { day: 'mon', time: '09:00' };
  const day = WEEKDAYS[(WEEKDAYS.indexOf(last.day) + 1) % WEEKDAYS.length] ?? 'mon';
  return { day, time: last.time };
}

/** The queue as the API takes it (slots in week order), or the first reason it cannot be saved. */
export function checkQueue(queue: PostingQueue): { queue: PostingQueue } | { problem: string } {
  const parsed = postingQueueSchema.safeParse({ ...queue, slots: sortSlots(queue.slots) });
  if (parsed.success) return { queue: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Invalid posting queue' };
}
