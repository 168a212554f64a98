import { apiErrorMessages } from '#shared/messages/api-errors';
import { type PostingQueue, WEEKDAYS } from '#shared/schemas/scheduling';
import { getPostingQueue, savePostingQueue } from '../../data/scheduled-item-repository';
import { NotFoundError } from '../../lib/errors';

/**
 * GET /api/scheduling/queue: the caller's weekly slots and their zone; 404 `posting_queue_not_set`
 * for a user who never saved one, so the web offers the browser's zone rather than a made-up one.
 */
export async function getQueueSettings(userId: string): Promise<PostingQueue> {
  const queue = await getPostingQueue(userId);
  if (!queue) throw new NotFoundError(apiErrorMessages.posting_queue_not_set, 'posting_queue_not_set');
  return queue;
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
