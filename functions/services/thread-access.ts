import type { Thread } from '../../shared/schemas/thread';
import { recordSecurityEvent } from '../data/security-event-repository';
import { findThreadOwner, getThreadForUser } from '../data/thread-repository';
import { ForbiddenError, NotFoundError } from '../lib/errors';

export const ACCESS_DENIED_MESSAGE = 'Access Denied: You do not have permission to access this thread.';

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
    throw new ForbiddenError(ACCESS_DENIED_MESSAGE);
  }
  throw new NotFoundError('Thread not found');
}
