import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminAccess, adminAccessSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';

/** GET /api/admin/access: resolves only for an admin (the server checks the stored role and logs it). */
export function getAdminAccess(signal?: AbortSignal): Promise<AdminAccess> {
  return apiRequest('/admin/access', { schema: adminAccessSchema, signal });
}

/** The admin area check: cached 2 minutes, refetched on focus and mount, never retried. */
export function adminAccessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['admin-access', userId] as const,
    queryFn: ({ signal }) => getAdminAccess(signal),
    staleTime: 2 * 60_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    retry: false,
  });
}

/** The signed-in user's admin area check; idle while signed out. A failed check means not an admin. */
export function useAdminAccess() {
  const { user, status } = useAuth();
  return useQuery({
    ...adminAccessQueryOptions(user?.userId ?? ''),
    enabled: status === 'signedIn' && Boolean(user),
  });
}
