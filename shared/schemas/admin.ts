import { z } from 'zod';

/** GET /api/admin/access (verify_admin_access): only an admin gets a 200; everyone else a 401/403. */
export const adminAccessSchema = z.object({ isAdmin: z.literal(true) });
export type AdminAccess = z.infer<typeof adminAccessSchema>;

/** The admin users list's page size (get_admin_users_secure's page_limit). */
export const ADMIN_USERS_PAGE_SIZE = 100;

export const adminUsersQuerySchema = z.strictObject({ cursor: z.string().max(2000).optional() });

/** A user as the admin Users page shows them. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  totalCredits: z.number(),
  usedCredits: z.number(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** PUT /api/admin/users/{userId}/role (update_user_role_secure): the user comes from the path, never the body. */
export const updateUserRoleRequestSchema = z.strictObject({ role: z.enum(['admin', 'user']) });
export type UpdateUserRoleRequest = z.infer<typeof updateUserRoleRequestSchema>;

export const updateUserRoleResponseSchema = z.object({ userId: z.string(), role: z.enum(['admin', 'user']) });

/** The admin Threads page shows the newest 50 threads of every user. */
export const ADMIN_THREADS_LIMIT = 50;

/** A thread as the admin Threads page lists it. */
export const adminThreadSchema = z.object({
  id: z.string(),
  title: z.string(),
  sourceUrl: z.string(),
  ownerUsername: z.string().nullable(),
  createdAt: z.string(),
  postCount: z.number(),
  isSensitiveContent: z.boolean(),
});
export type AdminThread = z.infer<typeof adminThreadSchema>;

export const adminThreadsSchema = z.object({ threads: z.array(adminThreadSchema) });
export type AdminThreads = z.infer<typeof adminThreadsSchema>;
