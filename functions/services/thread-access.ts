import { apiErrorMessages } from '../../shared/messages';
import type { Thread } from '../../shared/schemas/thread';
import { recordSecurityEvent } from '../data/security-event-repository';
import { findThreadOwner, getThreadForUser } from '../data/thread-repository';
import { ForbiddenError, NotFoundError } from '../lib/errors';

/**
 * The caller's thread, or a 404 when no such thread exists, or a 403 (recorded as a security
 * event) when it belongs to someone else. Threads are only ever read scoped to their owner.
 */
export async function assertThreadAccess(userId: string, threadId: string, now: Date): Promise<Thread> {
  const thread = await getThreadForUser(userId, threadId);
  if (thread) return thread;
  const owner = await findThreadOwner(threadId);
  if (owner && owner !== userId) {
    await recordSecurityEvent(userId, 'thread_ownership_violation', { threadId }, now);
    throw new ForbiddenError(apiErrorMessages.thread_access_denied, 'thread_access_denied');
  }
  throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
}
