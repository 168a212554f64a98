import { z } from 'zod';

/** GET /api/admin/access (verify_admin_access): only an admin gets a 200; everyone else a 401/403. */
export const adminAccessSchema = z.object({ isAdmin: z.literal(true) });
export type AdminAccess = z.infer<typeof adminAccessSchema>;
