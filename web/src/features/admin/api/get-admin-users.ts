import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminUsersPage, adminUsersPageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/users?cursor=: one page (100) of every user, newest first. */
export function getAdminUsers(cursor: string | null, signal?: AbortSignal): Promise<AdminUsersPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/admin/users${query}`, { schema: adminUsersPageSchema, signal });
}

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** The users list, page after page (no retry: an admin list should fail visibly). */
export function adminUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminUsers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
}

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions());
}
