import { getRole } from '../../data/account-repository';
import { recordSecurityEvent } from '../../data/security-event-repository';

/** Where a check made without a verified caller is recorded (there is no user partition to use). */
export const ANONYMOUS_ACTOR = 'anonymous';

/** Who asked, as the server saw the request; `userId` is null when no verified token came with it. */
export interface AdminCheckRequest {
  userId: string | null;
  userAgent: string;
  /** The route asked for, e.g. `GET /api/admin/users`. */
  route: string;
  now: Date;
}

/**
 * verify_admin_access: true only when the caller's role stored in the table is `admin` (the token's
 * groups are never consulted). Every check is recorded as `admin_access_check` (granted) or
 * `admin_access_check_failed` with success, user id, time and user agent.
 */
export async function checkAdminAccess(request: AdminCheckRequest): Promise<boolean> {
  const success = request.userId !== null && (await getRole(request.userId)) === 'admin';
  await recordSecurityEvent(
    request.userId ?? ANONYMOUS_ACTOR,
    success ? 'admin_access_check' : 'admin_access_check_failed',
    {
      success,
      userId: request.userId,
      timestamp: request.now.toISOString(),
      userAgent: request.userAgent,
      route: request.route,
    },
    request.now,
  );
  return success;
}
