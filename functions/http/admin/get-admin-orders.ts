import { httpHandler } from '#functions/route-kinds';
import { listAdminOrders } from '../../services/admin/statistics';

/** GET /api/admin/orders: every purchase with its derived status, and the order totals. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({ status: 200, body: await listAdminOrders() }));
