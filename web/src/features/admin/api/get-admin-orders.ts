import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminOrders, adminOrdersSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/orders: every purchase with its derived status. */
export function getAdminOrders(signal?: AbortSignal): Promise<AdminOrders> {
  return apiRequest('/admin/orders', { schema: adminOrdersSchema, signal });
}

export function adminOrdersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'orders'] as const,
    queryFn: ({ signal }) => getAdminOrders(signal),
    retry: false,
  });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}
