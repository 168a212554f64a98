import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BlueskyConnectRequest,
  blueskyConnectRequestSchema,
  type ConnectionView,
  connectionViewSchema,
} from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/connections/bluesky: the server starts a session with the app password before storing it. */
export function connectBluesky(request: BlueskyConnectRequest): Promise<ConnectionView> {
  return apiRequest('/connections/bluesky', {
    method: 'POST',
    bodySchema: blueskyConnectRequestSchema,
    body: request,
    schema: connectionViewSchema,
  });
}

/** Connects Bluesky, then refreshes the connection list. */
export function useConnectBluesky() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBluesky,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
