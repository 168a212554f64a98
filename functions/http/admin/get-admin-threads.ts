import { httpHandler } from '#functions/route-kinds';
import { listAdminThreads } from '../../services/admin/threads';

/** GET /api/admin/threads: the 50 newest threads of every user. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({ status: 200, body: await listAdminThreads() }));
