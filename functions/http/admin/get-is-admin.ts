import { httpHandler } from '#functions/route-kinds';
import { userAgentOf } from '../../lib/http-handler';
import { checkAdminAccess } from '../../services/admin/access';

/**
 * GET /api/me/is-admin (is_admin): any signed-in user may ask; the answer comes from the stored role
 * and the check is recorded like every admin check (admin_access_check or admin_access_check_failed).
 */
export const handler = httpHandler({}, async ({ caller, event }) => ({
  status: 200,
  body: {
    isAdmin: await checkAdminAccess({
      userId: caller.userId,
      userAgent: userAgentOf(event),
      route: `${event.requestContext.http.method} ${event.rawPath}`,
      now: new Date(),
    }),
  },
}));
