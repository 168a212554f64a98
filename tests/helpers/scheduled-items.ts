import { randomUUID } from 'node:crypto';
import type { ScheduledItemRecord } from '../../functions/data/scheduled-item-repository';

/** An upcoming item as the schedule route writes it: one platform (Telegram) at `at`, chosen as a time. */
export function upcomingItem(
  userId: string,
  thread: { id: string; title: string },
  at: string,
  overrides: Partial<ScheduledItemRecord> = {},
): ScheduledItemRecord {
  return {
    userId,
    itemId: randomUUID(),
    threadId: thread.id,
    threadTitle: thread.title,
    platforms: ['telegram'],
    at,
    timeZone: 'Europe/Dublin',
    source: 'time',
    status: 'scheduled',
    firedAt: null,
    cancelledAt: null,
    outcomes: {},
    fireLeaseUntil: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
