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

/** The admin Transactions page shows the 100 newest ledger entries of every user. */
export const ADMIN_TRANSACTIONS_LIMIT = 100;
/** The dashboard's recent users and recent transactions cards show this many each. */
export const ADMIN_RECENT_LIMIT = 5;

export const adminTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(['purchase', 'usage', 'free_monthly']),
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/** get_admin_statistics: the platform totals, kept as counters, and the dashboard's recent cards. */
export const adminStatisticsSchema = z.object({
  totalUsers: z.number(),
  totalThreads: z.number(),
  totalTransactions: z.number(),
  creditsPurchasedTotal: z.number(),
  recentUsers: z.array(adminUserSchema),
  recentTransactions: z.array(adminTransactionSchema),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

export const adminTransactionsSchema = z.object({
  totalTransactions: z.number(),
  creditsPurchasedTotal: z.number(),
  transactions: z.array(adminTransactionSchema),
});
export type AdminTransactions = z.infer<typeof adminTransactionsSchema>;
