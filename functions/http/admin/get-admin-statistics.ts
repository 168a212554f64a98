import { httpHandler } from '#functions/route-kinds';
import { getAdminStatistics } from '../../services/admin/statistics';

/** GET /api/admin/statistics (get_admin_statistics): the dashboard's totals and recent cards. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({
  status: 200,
  body: await getAdminStatistics(new Date()),
}));
