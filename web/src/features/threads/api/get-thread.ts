import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Thread, threadSchema } from '../../../../../shared/schemas/thread';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /api/threads/{threadId}: one of the caller's threads (404 unknown, 403 someone else's). */
export function getThread(threadId: string, signal?: AbortSignal): Promise<Thread> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}`, { schema: threadSchema, signal });
}

/** Cache key of one thread. */
export const threadQueryKey = (threadId: string) => ['thread', threadId] as const;

/**
 * Query options for a thread in the create flow. The flow edits a local copy, so the cache is not
 * refreshed behind its back; a 4xx answer is final, only network or server failures are retried.
 */
export function threadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: threadQueryKey(threadId),
    queryFn: ({ signal }) => getThread(threadId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** The thread of the create flow (idle while `enabled` is false). */
export function useThread(threadId: string | null, enabled: boolean) {
  return useQuery({ ...threadQueryOptions(threadId ?? ''), enabled: enabled && Boolean(threadId) });
}

/** A refusal that means "no such thread of yours" (unknown id, someone else's, malformed id). */
export function isMissingThread(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}
