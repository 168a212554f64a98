import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminStatistics, adminStatisticsSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/statistics (get_admin_statistics): totals and the recent cards. */
export function getAdminStatistics(signal?: AbortSignal): Promise<AdminStatistics> {
  return apiRequest('/admin/statistics', { schema: adminStatisticsSchema, signal });
}

export function adminStatisticsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'statistics'] as const,
    queryFn: ({ signal }) => getAdminStatistics(signal),
    retry: false,
  });
}

export function useAdminStatistics() {
  return useQuery(adminStatisticsQueryOptions());
}
