import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { updateUserRoleRequestSchema } from '#shared/schemas/admin';
import { userAgentOf } from '../../lib/http-handler';
import { updateUserRole } from '../../services/admin/users';

/** PUT /api/admin/users/{userId}/role (update_user_role_secure): `{ role }` for the user in the path. */
export const handler = httpHandler(
  { auth: 'admin', body: updateUserRoleRequestSchema, params: z.object({ userId: z.string().min(1).max(100) }) },
  async ({ body, params, caller, event }) => ({
    status: 200,
    body: await updateUserRole(
      { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
      params.userId,
      body,
    ),
  }),
);
