import { httpHandler } from '#functions/route-kinds';
import { getAdminSettings } from '../../services/admin/settings';

/** GET /api/admin/settings: the system figures, every platform's toggle and every credit package. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({ status: 200, body: await getAdminSettings() }));
