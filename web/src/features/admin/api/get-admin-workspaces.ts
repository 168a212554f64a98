import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminWorkspacesPage, adminWorkspacesPageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/workspaces?cursor=: one page (20) of every team workspace, newest first. */
export function getAdminWorkspaces(cursor: string | null, signal?: AbortSignal): Promise<AdminWorkspacesPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/admin/workspaces${query}`, { schema: adminWorkspacesPageSchema, signal });
}

export const adminWorkspacesQueryKey = ['admin', 'workspaces'] as const;

/** The workspaces list, page after page (no retry: an admin list should fail visibly). */
export function adminWorkspacesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminWorkspacesQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminWorkspaces(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
}

export function useAdminWorkspaces() {
  return useInfiniteQuery(adminWorkspacesQueryOptions());
}
