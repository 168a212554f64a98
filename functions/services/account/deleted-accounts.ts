import { findAccountTombstone } from '../../data/account-deletion-repository';
import { logger } from '../../lib/logger';

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
