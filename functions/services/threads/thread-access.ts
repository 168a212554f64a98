import { apiErrorMessages } from '#shared/messages/api-errors';
import type { Thread } from '#shared/schemas/thread';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { recordSecurityEvent } from '../../data/security-event-repository';
import { findThreadOwner, getThreadForUser } from '../../data/thread-repository';
import { ForbiddenError, NotFoundError } from '../../lib/errors';

/** Who is acting, as the server saw the request (never taken from the browser's word). */
export interface AccessContext {
  /** The workspace acted in, whose data is read and written (a personal workspace's id is its user's). */
  userId: string;
  /** The person who acted, when it is not the workspace's own user (a team's member): their security log records it. */
  actorId?: string;
  userAgent: string;
  now: Date;
}

/** Who acted and with which agent, for a service that is given the workspace apart. */
export type Acting = Pick<AccessContext, 'userAgent' | 'actorId'>;

/** A caller that did not say who acted (a worker, a test): the events fall to the workspace. */
export const UNKNOWN_ACTING: Acting = { userAgent: 'unknown' };

/** The context of a member acting in a workspace: their own security log records what they do there. */
export function actingIn(workspaceId: string, actorId: string, userAgent: string, now = new Date()): AccessContext {
  return { userId: workspaceId, actorId, userAgent, now };
}

/** The security event types the thread routes record (listed in docs/data-model.md). */
export type ThreadEventType =
  | 'thread_access'
  | 'thread_access_failed'
  | 'thread_detail_access'
  | 'thread_updated'
  | 'thread_deleted'
  | 'thread_delete_failed'
  | 'unauthorized_thread_access'
  | 'thread_ownership_violation'
  | 'thread_restored'
  | 'thread_restoration_failed'
  | 'unauthorized_thread_restore_attempt'
  | 'thread_visibility_changed';

/** The events a refused access is recorded as: someone else's thread, or none at all. */
export interface RefusalEvents {
  violation: ThreadEventType;
  missing: ThreadEventType;
}

/** The events of a refused read or save (someone else's thread, or none). */
export const ACCESS_REFUSALS: RefusalEvents = {
  violation: 'thread_ownership_violation',
  missing: 'thread_access_failed',
};

/**
 * Records a thread security event (type, user, thread, time, user agent) in the partition of the
 * person who acted, naming the team workspace they acted in: a member's log shows what they did in
 * every workspace, and the workspace's own partition holds no one's security trail.
 */
export function recordThreadEvent(
  context: AccessContext,
  eventType: ThreadEventType,
  details: { threadId?: string; [name: string]: unknown },
): Promise<void> {
  return recordSecurityEvent(
    context.actorId ?? context.userId,
    eventType,
    {
      ...details,
      ...(isTeamWorkspaceId(context.userId) ? { workspaceId: context.userId } : {}),
      userAgent: context.userAgent,
      timestamp: context.now.toISOString(),
    },
    context.now,
  );
}

/**
 * The reason a thread the caller asked for is not theirs: a 403 (logged as `violation`) when it
 * belongs to someone else, otherwise a 404 (logged as `missing`). Neither carries any content.
 * `foreign: 'not_found'` answers someone else's thread with the 404 too (routes beyond the spec's,
 * which do not tell that a thread exists), still logged as `violation`.
 */
export async function refuseThreadAccess(
  context: AccessContext,
  threadId: string,
  events: RefusalEvents,
  foreign: 'forbidden' | 'not_found' = 'forbidden',
): Promise<never> {
  const owner = await findThreadOwner(threadId);
  if (owner && owner !== context.userId) {
    await recordThreadEvent(context, events.violation, { threadId });
    if (foreign === 'forbidden')
      throw new ForbiddenError(apiErrorMessages.thread_access_denied, 'thread_access_denied');
    throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
  }
  await recordThreadEvent(context, events.missing, { threadId });
  throw new NotFoundError(apiErrorMessages.thread_not_found, 'thread_not_found');
}

/**
 * The caller's thread, or a 404 when no such thread exists, or a 403 when it belongs to someone
 * else (each refusal recorded as a security event). Threads are only ever read scoped to their owner.
 */
export async function assertThreadAccess(
  context: AccessContext,
  threadId: string,
  refusals: RefusalEvents = ACCESS_REFUSALS,
): Promise<Thread> {
  const thread = await getThreadForUser(context.userId, threadId);
  if (thread) return thread;
  return refuseThreadAccess(context, threadId, refusals);
}
