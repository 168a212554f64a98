import { httpHandler } from '#functions/route-kinds';
import { adminUsersQuerySchema } from '#shared/schemas/admin';
import { listAdminUsers } from '../../services/admin/users';

/** GET /api/admin/users?cursor= (get_admin_users_secure): 100 users a page, newest first. */
export const handler = httpHandler({ auth: 'admin', query: adminUsersQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await listAdminUsers(query.cursor, new Date()),
}));
