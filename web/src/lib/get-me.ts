import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: the header loads this on every page, so the validator must stay small.
import { z } from 'zod/mini';
import { ApiError, apiRequest } from './api-client';
import { useAuth } from './auth-context';

/** GET /api/me response (web contract). */
export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.nullable(z.string()),
  /** The name public pages give the user as a curator; null until they choose one. */
  displayName: z.optional(z.nullable(z.string())),
  /** The plug new threads start with (Account Settings); absent from older servers: off. */
  plugDefault: z.optional(z.object({ enabled: z.boolean(), threshold: z.number() })),
  role: z.enum(['admin', 'user']),
  isAdmin: z.boolean(),
  credits: z.object({
    totalCredits: z.number(),
    usedCredits: z.number(),
    availableCredits: z.number(),
    freeCredits: z.number(),
    paidCredits: z.number(),
    resetDate: z.nullable(z.string()),
  }),
});
export type Me = z.infer<typeof meSchema>;

/** Fetches the caller's profile, role and credits (the server creates them on first use). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest('/me', { schema: meSchema, signal });
}

/** Cache key of the signed-in user's /api/me data. */
export const meQueryKey = (userId: string) => ['me', userId] as const;

/** Query options for /api/me: a missing record is retried once after 2 s (a new account's may not be written yet). */
export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 30_000,
    retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 404,
    retryDelay: 2000,
  });
}

/** The signed-in user's /api/me data; idle while signed out. */
export function useMe() {
  const { user, status } = useAuth();
  return useQuery({
    ...meQueryOptions(user?.userId ?? ''),
    enabled: status === 'signedIn' && Boolean(user),
  });
}
