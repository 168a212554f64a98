import { type PostingQueue, WEEKDAYS } from '#shared/schemas/scheduling';
import { getPostingQueue, savePostingQueue } from '../../data/scheduled-item-repository';

/** A user who never saved a queue has no slots, in UTC (the web offers the browser's zone instead). */
const EMPTY_QUEUE: PostingQueue = { timeZone: 'UTC', slots: [] };

/** GET /api/scheduling/queue: the caller's weekly slots and their zone. */
export async function getQueueSettings(userId: string): Promise<PostingQueue> {
  return (await getPostingQueue(userId)) ?? EMPTY_QUEUE;
}

/** PUT /api/scheduling/queue: replaces the slots and zone (items already queued keep their times). */
export async function saveQueueSettings(userId: string, queue: PostingQueue, now: Date): Promise<PostingQueue> {
  // Stored in week order, as the settings list them.
  const slots = [...queue.slots].sort(
    (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time),
  );
  const saved = { timeZone: queue.timeZone, slots };
  await savePostingQueue(userId, saved, now.toISOString());
  return saved;
}
