import { queryOptions, useQuery } from '@tanstack/react-query';
import { threadScheduleResponseSchema } from '#shared/schemas/scheduling';
import { apiRequest } from '#web/lib/api-client';
import { schedulingListsQueryKey } from './get-scheduled-items';

/** GET /api/threads/{threadId}/schedule: the thread's upcoming scheduled items. */
export function getThreadSchedule(threadId: string, signal?: AbortSignal) {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/schedule`, {
    schema: threadScheduleResponseSchema,
    signal,
  });
}

export function threadScheduleQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: [...schedulingListsQueryKey, 'thread', threadId],
    queryFn: ({ signal }) => getThreadSchedule(threadId, signal),
  });
}

/** The thread's upcoming items, for its detail page. */
export function useThreadSchedule(threadId: string) {
  return useQuery(threadScheduleQueryOptions(threadId));
}
