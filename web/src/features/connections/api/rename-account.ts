import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConnectionView, connectionViewSchema, renameAccountRequestSchema } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/** PATCH /api/connections/{platform}/{accountId}: the name the workspace gives one of its accounts. */
export function renameAccount(platform: Platform, accountId: string, name: string): Promise<ConnectionView> {
  return apiRequest(`/connections/${platform}/${encodeURIComponent(accountId)}`, {
    method: 'PATCH',
    bodySchema: renameAccountRequestSchema,
    body: { name },
    schema: connectionViewSchema,
  });
}

/** Renames, then refreshes the connection list. */
export function useRenameAccount(platform: Platform, accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameAccount(platform, accountId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
