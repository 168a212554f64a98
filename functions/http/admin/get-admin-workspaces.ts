import { httpHandler } from '#functions/route-kinds';
import { adminWorkspacesQuerySchema } from '#shared/schemas/admin';
import { listAdminWorkspaces } from '../../services/admin/workspaces';

/** GET /api/admin/workspaces?cursor=: 20 team workspaces a page, newest first, with members, balance and activity. */
export const handler = httpHandler({ auth: 'admin', query: adminWorkspacesQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await listAdminWorkspaces(query.cursor, new Date()),
}));
