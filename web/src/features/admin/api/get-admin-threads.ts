import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminThreads, adminThreadsSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/threads: the 50 newest threads of every user. */
export function getAdminThreads(signal?: AbortSignal): Promise<AdminThreads> {
  return apiRequest('/admin/threads', { schema: adminThreadsSchema, signal });
}

export const adminThreadsQueryKey = ['admin', 'threads'] as const;

export function adminThreadsQueryOptions() {
  return queryOptions({
    queryKey: adminThreadsQueryKey,
    queryFn: ({ signal }) => getAdminThreads(signal),
    retry: false,
  });
}

export function useAdminThreads() {
  return useQuery(adminThreadsQueryOptions());
}
