import { creditView, dailyAllowance } from '#shared/credits';
import { ADMIN_USERS_PAGE_SIZE, type AdminUsersPage, type UpdateUserRoleRequest } from '#shared/schemas/admin';
import { changeRole, listUsers } from '../../data/account-repository';
import { setDailyAllowance } from '../../data/credits-repository';
import { decodeAdminCursor, encodeAdminCursor } from '../../data/cursor';
import { keys } from '../../data/keys';
import { recordSecurityEvent } from '../../data/security-event-repository';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AccessContext } from '../threads/thread-access';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const LAST_ADMIN_MESSAGE = 'The last admin cannot be demoted.';

const PROFILE_PAGE_KEY = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;

/** get_admin_users_secure: one page (100) of every user, newest first, with role and credits. */
export function listAdminUsers(cursor: string | undefined, now: Date): Promise<AdminUsersPage> {
  return listAdminUsersPage(ADMIN_USERS_PAGE_SIZE, cursor, now);
}

/** One page of `limit` users, newest first, from the cursor on. */
export async function listAdminUsersPage(
  limit: number,
  cursor: string | undefined,
  now: Date,
): Promise<AdminUsersPage> {
  const startKey = cursor
    ? decodeAdminCursor(cursor, PROFILE_PAGE_KEY, { name: 'gsi1pk', value: keys.profilesListingPartition })
    : null;
  const page = await listUsers(limit, startKey);
  return {
    users: page.users.map((user) => {
      const credits = creditView(user.credits, now);
      return {
        id: user.userId,
        username: user.username,
        role: user.role,
        totalCredits: credits.totalCredits,
        usedCredits: credits.usedCredits,
        createdAt: user.createdAt,
      };
    }),
    nextCursor: page.lastKey ? encodeAdminCursor(page.lastKey) : null,
  };
}

/**
 * update_user_role_secure: sets the user's stored role (read by the next request they make) and
 * their daily allowance. An unknown user is a 404, demoting the last admin a 409; every attempt is
 * recorded in the acting admin's partition.
 */
export async function updateUserRole(
  context: AccessContext,
  targetUserId: string,
  request: UpdateUserRoleRequest,
): Promise<{ userId: string; role: UpdateUserRoleRequest['role'] }> {
  const outcome = await changeRole(targetUserId, request.role, context.now.toISOString());
  await recordSecurityEvent(
    context.userId,
    outcome === 'updated' || outcome === 'unchanged' ? 'user_role_updated' : 'user_role_update_failed',
    { targetUserId, role: request.role, outcome, userAgent: context.userAgent, timestamp: context.now.toISOString() },
    context.now,
  );
  if (outcome === 'not_found') throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  if (outcome === 'last_admin') throw new ConflictError(LAST_ADMIN_MESSAGE);
  if (outcome === 'updated') await setDailyAllowance(targetUserId, dailyAllowance(request.role));
  return { userId: targetUserId, role: request.role };
}
