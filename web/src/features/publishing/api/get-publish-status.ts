import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublishStatusResponse, publishStatusResponseSchema } from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/threads/{threadId}/publishing: each platform's live state. */
export function getPublishStatus(threadId: string, signal?: AbortSignal): Promise<PublishStatusResponse> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/publishing`, {
    schema: publishStatusResponseSchema,
    signal,
  });
}

export const publishStatusQueryKey = (threadId: string) => ['publishing', threadId] as const;

/** The live status, read afresh whenever it is fetched (before publishing again, for one). */
export const publishStatusQueryOptions = (threadId: string) =>
  queryOptions({
    queryKey: publishStatusQueryKey(threadId),
    queryFn: ({ signal }) => getPublishStatus(threadId, signal),
  });

/** A row shows a change within a second: polled every 500 ms while any platform is under way. */
export function usePublishStatus(threadId: string) {
  return useQuery({
    ...publishStatusQueryOptions(threadId),
    refetchInterval: (query) =>
      query.state.data?.platforms.some((row) => row.status === 'pending' || row.status === 'posting') ? 500 : false,
  });
}
