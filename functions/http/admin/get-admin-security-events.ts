import { httpHandler } from '#functions/route-kinds';
import { adminSecurityEventsQuerySchema } from '#shared/schemas/admin';
import { listAdminSecurityEvents } from '../../services/admin/security-events';

/** GET /api/admin/security-events?type=&userId=&cursor=: the security log, 50 events a page, newest first. */
export const handler = httpHandler({ auth: 'admin', query: adminSecurityEventsQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await listAdminSecurityEvents(query),
}));
