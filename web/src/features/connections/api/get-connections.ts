import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ConnectionsResponse, connectionsResponseSchema } from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { rememberTwitterState } from '../lib/twitter-local-state';

/** GET /api/connections: the caller's connections (no secrets), the enabled platforms and those unavailable here. */
export function getConnections(signal?: AbortSignal): Promise<ConnectionsResponse> {
  return apiRequest('/connections', { schema: connectionsResponseSchema, signal });
}

export const connectionsQueryKey = (userId: string) => ['connections', userId] as const;

/** The signed-in user's connections; idle while signed out. Each load also records the twitter state locally. */
export function useConnections() {
  const { user } = useAuth();
  const userId = user?.userId ?? '';
  return useQuery(
    queryOptions({
      queryKey: connectionsQueryKey(userId),
      queryFn: async ({ signal }) => {
        const response = await getConnections(signal);
        rememberTwitterState(window.localStorage, userId, response);
        return response;
      },
      enabled: Boolean(user),
    }),
  );
}
