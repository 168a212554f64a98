import type { ConnectionView } from '#shared/schemas/publishing';
import {
  type PostingQueue,
  type PostingSlot,
  postingQueueSchema,
  WEEKDAYS,
  type Weekday,
} from '#shared/schemas/scheduling';
import type { Platform } from '#shared/schemas/thread';

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

/** The platforms with several accounts that can be posted to, each with them: where a slot may name one. */
export function platformsWithSeveralAccounts(connections: readonly ConnectionView[]): Map<Platform, ConnectionView[]> {
  const byPlatform = new Map<Platform, ConnectionView[]>();
  for (const connection of connections) {
    if (!connection.isConnected) continue;
    byPlatform.set(connection.platform, [...(byPlatform.get(connection.platform) ?? []), connection]);
  }
  return new Map([...byPlatform].filter(([, accounts]) => accounts.length > 1));
}

/** The slot naming `accountId` on the platform, or (none) leaving the choice to each thread. */
export function withSlotAccount(slot: PostingSlot, platform: Platform, accountId: string | undefined): PostingSlot {
  const { [platform]: _former, ...others } = slot.accounts ?? {};
  const accounts = accountId ? { ...others, [platform]: accountId } : others;
  const { accounts: _accounts, ...rest } = slot;
  return Object.keys(accounts).length > 0 ? { ...rest, accounts } : rest;
}
