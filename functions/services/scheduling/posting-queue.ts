import { apiErrorMessages } from '#shared/messages/api-errors';
import { type PostingQueue, WEEKDAYS } from '#shared/schemas/scheduling';
import type { Platform } from '#shared/schemas/thread';
import { getPostingQueue, savePostingQueue } from '../../data/scheduled-item-repository';
import { NotFoundError } from '../../lib/errors';
import { AccountNotFoundError, resolveAccount } from '../connections/connections';

/**
 * GET /api/scheduling/queue: the caller's weekly slots and their zone; 404 `posting_queue_not_set`
 * for a user who never saved one, so the web offers the browser's zone rather than a made-up one.
 */
export async function getQueueSettings(userId: string): Promise<PostingQueue> {
  const queue = await getPostingQueue(userId);
  if (!queue) throw new NotFoundError(apiErrorMessages.posting_queue_not_set, 'posting_queue_not_set');
  return queue;
}

/**
 * PUT /api/scheduling/queue: replaces the slots and zone (items already queued keep their times and
 * accounts). An account a slot names must be one the workspace has connected: 404 `account_not_found`.
 */
export async function saveQueueSettings(userId: string, queue: PostingQueue, now: Date): Promise<PostingQueue> {
  await assertSlotAccountsConnected(userId, queue);
  // Stored in week order, as the settings list them; a slot naming no account stores none.
  const slots = [...queue.slots]
    .sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time))
    .map(({ accounts, ...slot }) => (accounts && Object.keys(accounts).length > 0 ? { ...slot, accounts } : slot));
  const saved = { timeZone: queue.timeZone, slots };
  await savePostingQueue(userId, saved, now.toISOString());
  return saved;
}

/** Each account the slots name is connected in the workspace (looked up once per account). */
async function assertSlotAccountsConnected(userId: string, queue: PostingQueue): Promise<void> {
  const named = new Map<string, { platform: Platform; accountId: string }>();
  for (const slot of queue.slots) {
    for (const [platform, accountId] of Object.entries(slot.accounts ?? {}) as [Platform, string][]) {
      named.set(`${platform}#${accountId}`, { platform, accountId });
    }
  }
  for (const { platform, accountId } of named.values()) {
    const account = await resolveAccount(userId, platform, accountId);
    if (!account?.isConnected) throw new AccountNotFoundError(platform);
  }
}
