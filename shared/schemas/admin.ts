import * as z from 'zod';
import { WORKSPACE_ROLES } from '../workspaces/roles';
import { creditPackageSchema } from './credits';
import { platformSchema } from './thread';

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
  /** Engagement read back across all users' threads; absent until the statistics count it. */
  engagement: z
    .object({ total: z.number().int().nonnegative(), threadsWithReadings: z.number().int().nonnegative() })
    .optional(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

export const adminTransactionsSchema = z.object({
  totalTransactions: z.number(),
  creditsPurchasedTotal: z.number(),
  transactions: z.array(adminTransactionSchema),
});
export type AdminTransactions = z.infer<typeof adminTransactionsSchema>;

/** An order's status is derived, never stored: completed with a payment reference, else pending (failed: styles only). */
export const ORDER_STATUSES = ['completed', 'pending', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order is completed when the purchase has a payment reference, otherwise pending. */
export function orderStatus(purchase: { paymentReference: string | null }): OrderStatus {
  return purchase.paymentReference ? 'completed' : 'pending';
}

export const adminOrderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  credits: z.number(),
  description: z.string(),
  paymentReference: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});

export const adminOrdersSchema = z.object({
  totalOrders: z.number(),
  completedOrders: z.number(),
  pendingOrders: z.number(),
  creditsSold: z.number(),
  orders: z.array(adminOrderSchema),
});
export type AdminOrders = z.infer<typeof adminOrdersSchema>;

/** The admin Settings page's uptime figure: a fixed text, not a measurement. */
export const ADMIN_UPTIME = '99.9%';

export const platformSettingSchema = z.object({ platform: platformSchema, enabled: z.boolean() });

/** The Settings page: system figures, every platform's toggle and every credit package (active or not). */
export const adminSettingsSchema = z.object({
  uptime: z.string(),
  platforms: z.array(platformSettingSchema),
  packages: z.array(creditPackageSchema),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** PUT /api/admin/platforms/{platform} (update_platform_setting). */
export const updatePlatformSettingRequestSchema = z.strictObject({ enabled: z.boolean() });

/** POST /api/admin/actions (secure-admin-action): the actions besides the platform toggle. */
export const adminActionRequestSchema = z.strictObject({ action: z.enum(['refresh_admin_credits']) });
export type AdminActionRequest = z.infer<typeof adminActionRequestSchema>;
export const adminActionResponseSchema = z.object({ message: z.string() });
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;

/** The security log's page size. */
export const ADMIN_SECURITY_EVENTS_PAGE_SIZE = 50;

/** The event types the security log offers as filters (the product's and the admin portal's own). */
export const SECURITY_EVENT_TYPES = [
  'admin_access_check',
  'admin_access_check_failed',
  'admin_credits_refreshed',
  'admin_thread_deleted',
  'api_key_created',
  'api_key_revoked',
  'api_key_used_from_new_address',
  'platform_setting_updated',
  'thread_access',
  'thread_access_failed',
  'thread_delete_failed',
  'thread_deleted',
  'thread_detail_access',
  'thread_ownership_violation',
  'thread_restoration_failed',
  'thread_restored',
  'thread_updated',
  'thread_visibility_changed',
  'unauthorized_thread_access',
  'unauthorized_thread_restore_attempt',
  'user_role_update_failed',
  'user_role_updated',
  'webhook_created',
  'webhook_deleted',
  'webhook_disabled',
  'webhook_secret_rotated',
] as const;

/** An event type or user id as the filters accept them (any type, so events added later stay filterable). */
const eventTypeFilterSchema = z.string().regex(/^[a-z][a-z_]{0,63}$/, 'an event type in lower case with underscores');
const userIdFilterSchema = z.string().regex(/^[\w-]{1,128}$/, 'a user id (letters, digits, - and _)');

export const adminSecurityEventsQuerySchema = z.strictObject({
  cursor: z.string().max(2000).optional(),
  type: eventTypeFilterSchema.optional(),
  userId: userIdFilterSchema.optional(),
});
export type AdminSecurityEventsQuery = z.infer<typeof adminSecurityEventsQuerySchema>;

export const adminSecurityEventSchema = z.object({
  id: z.string(),
  userId: z.string(),
  eventType: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminSecurityEvent = z.infer<typeof adminSecurityEventSchema>;

export const adminSecurityEventsPageSchema = z.object({
  events: z.array(adminSecurityEventSchema),
  nextCursor: z.string().nullable(),
});
export type AdminSecurityEventsPage = z.infer<typeof adminSecurityEventsPageSchema>;

/** The back office's workspaces list: 20 team workspaces a page, each with at most 50 of its members. */
export const ADMIN_WORKSPACES_PAGE_SIZE = 20;
export const ADMIN_WORKSPACE_MEMBERS_LIMIT = 50;

export const adminWorkspacesQuerySchema = z.strictObject({ cursor: z.string().max(2000).optional() });

export const adminWorkspaceMemberSchema = z.object({ email: z.string(), role: z.enum(WORKSPACE_ROLES) });

/** A team workspace as the admin Workspaces page shows it. */
export const adminWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The creator's email from their membership; null once they left the workspace. */
  createdByEmail: z.string().nullable(),
  /** The first members by user id (at most ADMIN_WORKSPACE_MEMBERS_LIMIT); `memberCount` counts them all. */
  members: z.array(adminWorkspaceMemberSchema),
  memberCount: z.number().int().nonnegative(),
  balance: z.object({ freeCredits: z.number(), paidCredits: z.number(), usedCredits: z.number() }),
  threadCount: z.number().int().nonnegative(),
  /** When the newest thread was created; null when the workspace has none. */
  lastThreadAt: z.string().nullable(),
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspacesPageSchema = z.object({
  workspaces: z.array(adminWorkspaceSchema),
  nextCursor: z.string().nullable(),
});
export type AdminWorkspacesPage = z.infer<typeof adminWorkspacesPageSchema>;
