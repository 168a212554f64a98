import { findAccountTombstone, findAccountTombstoneWithItem } from '../../data/account-deletion-repository';
import type { ItemRead } from '../../lib/account-checked-read';
import { AccountDeletedError } from '../../lib/errors';
import { logger } from '../../lib/logger';

/**
 * Refuses a deleted account (401 `account_deleted`) before its request does anything: the gateway
 * checks only a token's signature and expiry, so a token issued before the deletion still passes
 * there. One consistent GetItem of the account's tombstone. `resumesDeletion` (DELETE /api/me only)
 * lets a deletion that has not finished be run again to its end.
 */
export async function refuseDeletedAccount(userId: string, now: Date, resumesDeletion = false): Promise<void> {
  const tombstone = await findAccountTombstone(userId, now);
  if (tombstone && !(resumesDeletion && !tombstone.finishedAt)) throw new AccountDeletedError();
}

/**
 * The same refusal, made in one consistent BatchGetItem with the item the route reads first (one
 * round trip for both); the item's value once the account passed.
 */
export async function readItemCheckingAccount<T>(userId: string, now: Date, read: ItemRead<T>): Promise<T> {
  const { tombstone, item } = await findAccountTombstoneWithItem(userId, now, read.item);
  if (tombstone) throw new AccountDeletedError();
  return read.parse(item);
}

/**
 * Whether a queue message acts for a deleted account, in which case its worker drops it (logged,
 * nothing written, nothing posted): the message was sent before the deletion, or while it ran.
 */
export async function isMessageOfDeletedAccount(
  message: { userId: string },
  queue: 'generation' | 'publishing',
  now: Date,
): Promise<boolean> {
  if (!(await findAccountTombstone(message.userId, now))) return false;
  logger.warn('queue message of a deleted account dropped', { queue, userId: message.userId });
  return true;
}
