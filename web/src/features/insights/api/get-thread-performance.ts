import { queryOptions, useQuery } from '@tanstack/react-query';
import { threadPerformanceSchema } from '#shared/schemas/insights';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/threads/{threadId}/performance: the thread's figures per platform, and when Refresh Now is allowed. */
export function getThreadPerformance(threadId: string, signal?: AbortSignal) {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/performance`, {
    schema: threadPerformanceSchema,
    signal,
  });
}

export function threadPerformanceQueryKey(threadId: string) {
  return ['insights', 'performance', threadId] as const;
}

export function threadPerformanceQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: threadPerformanceQueryKey(threadId),
    queryFn: ({ signal }) => getThreadPerformance(threadId, signal),
    // Read again each time the section shows: back from the sharing view, a platform just published is listed.
    staleTime: 0,
  });
}

/** The Performance section's figures. */
export function useThreadPerformance(threadId: string) {
  return useQuery(threadPerformanceQueryOptions(threadId));
}
