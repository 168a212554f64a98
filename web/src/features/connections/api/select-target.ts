import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConnectionView, connectionViewSchema, selectTargetRequestSchema } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/** PUT /api/connections/{platform}/target: the Discord channel or subreddit this connection posts to. */
export function selectTarget(platform: Platform, targetId: string): Promise<ConnectionView> {
  return apiRequest(`/connections/${platform}/target`, {
    method: 'PUT',
    bodySchema: selectTargetRequestSchema,
    body: { targetId },
    schema: connectionViewSchema,
  });
}

/** Saves the choice, then refreshes the connection list. */
export function useSelectTarget(platform: Platform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetId: string) => selectTarget(platform, targetId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
