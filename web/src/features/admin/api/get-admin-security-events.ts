import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminSecurityEventsPage, adminSecurityEventsPageSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** The security log's filters; an empty value means no filter. */
export interface SecurityEventFilters {
  type: string;
  userId: string;
}

/** GET /api/admin/security-events?type=&userId=&cursor=: one page (50) of security events, newest first. */
export function getAdminSecurityEvents(
  filters: SecurityEventFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminSecurityEventsPage> {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', filters.type);
  if (filters.userId) query.set('userId', filters.userId);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return apiRequest(`/admin/security-events${search ? `?${search}` : ''}`, {
    schema: adminSecurityEventsPageSchema,
    signal,
  });
}

/** The filtered log, page after page (no retry: an admin list should fail visibly). */
export function adminSecurityEventsQueryOptions(filters: SecurityEventFilters) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'security-events', filters] as const,
    queryFn: ({ pageParam, signal }) => getAdminSecurityEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
}

export function useAdminSecurityEvents(filters: SecurityEventFilters) {
  return useInfiniteQuery(adminSecurityEventsQueryOptions(filters));
}
