import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ThreadPerformance, threadPerformanceSchema } from '#shared/schemas/insights';
import { apiRequest } from '#web/lib/api-client';
import { threadPerformanceQueryKey } from './get-thread-performance';

/** POST /api/threads/{threadId}/performance/refresh: reads the figures now (at most once per 10 minutes). */
export function refreshThreadPerformance(threadId: string): Promise<ThreadPerformance> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/performance/refresh`, {
    method: 'POST',
    schema: threadPerformanceSchema,
  });
}

/**
 * Refresh Now: the answer replaces the section's figures; a refusal (429 while the 10 minutes run)
 * reloads them, so the button shows when it is allowed again.
 */
export function useRefreshThreadPerformance(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshThreadPerformance(threadId),
    onSuccess: (performance) => queryClient.setQueryData(threadPerformanceQueryKey(threadId), performance),
    onError: () => queryClient.invalidateQueries({ queryKey: threadPerformanceQueryKey(threadId) }),
  });
}
