import { useMutation, useQueryClient } from '@tanstack/react-query';
import { engagementReadsRequestSchema } from '#shared/schemas/insights';
import { apiRequest } from '#web/lib/api-client';

/** PUT /api/connections/twitter/engagement-reads: turns X engagement reads on or off (X bills each read). */
export function updateEngagementReads(enabled: boolean): Promise<unknown> {
  return apiRequest('/connections/twitter/engagement-reads', {
    method: 'PUT',
    bodySchema: engagementReadsRequestSchema,
    body: { enabled },
  });
}

/** Saves the switch, then refreshes the connection list that carries its state. */
export function useUpdateEngagementReads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEngagementReads,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
