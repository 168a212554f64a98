import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/**
 * DELETE /api/connections/{platform}/{accountId}: one account's tokens, username and data cleared (the
 * platform's other accounts stay); without an account, DELETE /api/connections/{platform}: every account.
 */
export function disconnectPlatform({ platform, accountId }: { platform: Platform; accountId?: string }): Promise<void> {
  const path = accountId ? `/connections/${platform}/${encodeURIComponent(accountId)}` : `/connections/${platform}`;
  return apiRequest<void>(path, { method: 'DELETE' });
}

/** Disconnects, then refreshes the connection list. */
export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectPlatform,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
