import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTransactions, adminTransactionsSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/transactions: totals and the 100 newest transactions of every user. */
export function getAdminTransactions(signal?: AbortSignal): Promise<AdminTransactions> {
  return apiRequest('/admin/transactions', { schema: adminTransactionsSchema, signal });
}

export function adminTransactionsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'transactions'] as const,
    queryFn: ({ signal }) => getAdminTransactions(signal),
    retry: false,
  });
}

export function useAdminTransactions() {
  return useQuery(adminTransactionsQueryOptions());
}
