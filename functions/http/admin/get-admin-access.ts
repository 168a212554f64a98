import { httpHandler } from '#functions/route-kinds';

/** GET /api/admin/access (verify_admin_access): reaching the handler means the admin kind let the caller in. */
export const handler = httpHandler({ auth: 'admin' }, async () => ({ status: 200, body: { isAdmin: true } }));
