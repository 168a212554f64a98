import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ConnectionsResponse, connectionsResponseSchema } from '../../../../../shared/schemas/publishing';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

/** GET /api/connections: the caller's connections (no secrets) and the enabled platforms. */
export function getConnections(signal?: AbortSignal): Promise<ConnectionsResponse> {
  return apiRequest('/connections', { schema: connectionsResponseSchema, signal });
}

export const connectionsQueryKey = (userId: string) => ['connections', userId] as const;

/** The signed-in user's connections; idle while signed out. */
export function useConnections() {
  const { user } = useAuth();
  return useQuery(
    queryOptions({
      queryKey: connectionsQueryKey(user?.userId ?? ''),
      queryFn: ({ signal }) => getConnections(signal),
      enabled: Boolean(user),
    }),
  );
}
