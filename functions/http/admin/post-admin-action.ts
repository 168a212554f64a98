import { httpHandler } from '#functions/route-kinds';
import { adminActionRequestSchema } from '#shared/schemas/admin';
import { userAgentOf } from '../../lib/http-handler';
import { runAdminAction } from '../../services/admin/actions';

/** POST /api/admin/actions (secure-admin-action): `{ action: 'refresh_admin_credits' }` → `{ message }`. */
export const handler = httpHandler(
  { auth: 'admin', body: adminActionRequestSchema },
  async ({ body, caller, event }) => ({
    status: 200,
    body: await runAdminAction({ userId: caller.userId, userAgent: userAgentOf(event), now: new Date() }, body),
  }),
);
