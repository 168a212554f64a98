import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Thread, threadSchema } from '#shared/schemas/thread';
import { ApiError, apiRequest } from '#web/lib/api-client';
import { threadQueryKey } from '#web/lib/query-keys';

/** Why a thread is read: its own page, or the create flow restoring it (the server logs each differently). */
export type ThreadReadPurpose = 'detail' | 'restore';

/** GET /api/threads/{threadId}: one of the caller's threads (404 unknown, 403 someone else's). */
export function getThread(threadId: string, purpose: ThreadReadPurpose, signal?: AbortSignal): Promise<Thread> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}?purpose=${purpose}`, { schema: threadSchema, signal });
}

/**
 * Query options for a thread being edited. The pages edit a local copy, so the cache is not
 * refreshed behind their back; a 4xx answer is final, only network or server failures are retried.
 */
export function threadQueryOptions(threadId: string, purpose: ThreadReadPurpose) {
  return queryOptions({
    queryKey: threadQueryKey(threadId),
    queryFn: ({ signal }) => getThread(threadId, purpose, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** One of the caller's threads (idle while `enabled` is false). */
export function useThread(threadId: string | null, enabled: boolean, purpose: ThreadReadPurpose = 'detail') {
  return useQuery({ ...threadQueryOptions(threadId ?? '', purpose), enabled: enabled && Boolean(threadId) });
}

/** A refusal that means "no such thread of yours" (unknown id, someone else's, malformed id). */
export function isMissingThread(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}
