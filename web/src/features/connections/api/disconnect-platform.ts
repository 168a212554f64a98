import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/** DELETE /api/connections/{platform}: tokens, username and connection data cleared. */
export function disconnectPlatform(platform: Platform): Promise<void> {
  return apiRequest<void>(`/connections/${platform}`, { method: 'DELETE' });
}

/** Disconnects, then refreshes the connection list. */
export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectPlatform,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
