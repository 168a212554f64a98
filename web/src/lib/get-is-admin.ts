import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: the header asks on every page, so the validator must stay small.
import { z } from 'zod/mini';
import { apiRequest } from './api-client';
import { useAuth } from './auth-context';

const isAdminSchema = z.object({ isAdmin: z.boolean() });

/** GET /api/me/is-admin (is_admin): the server reads the caller's stored role and records the check. */
export function getIsAdmin(signal?: AbortSignal): Promise<{ isAdmin: boolean }> {
  return apiRequest('/me/is-admin', { schema: isAdminSchema, signal });
}

export const isAdminQueryKey = (userId: string) => ['is-admin', userId] as const;

/** is_admin, cached 5 minutes and retried once. */
export function isAdminQueryOptions(userId: string) {
  return queryOptions({
    queryKey: isAdminQueryKey(userId),
    queryFn: ({ signal }) => getIsAdmin(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/**
 * True only once the signed-in user's is_admin check has answered yes; false while it loads, while
 * signed out, and when the check failed (a failed check counts as non-admin).
 */
export function useIsAdmin(): boolean {
  const { user, status } = useAuth();
  const signedIn = status === 'signedIn' && Boolean(user);
  const check = useQuery({ ...isAdminQueryOptions(user?.userId ?? ''), enabled: signedIn });
  return signedIn && check.isSuccess && check.data.isAdmin;
}
