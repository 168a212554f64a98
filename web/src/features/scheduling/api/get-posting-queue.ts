import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PostingQueue, postingQueueSchema } from '#shared/schemas/scheduling';
import { ApiError, apiRequest } from '#web/lib/api-client';

/**
 * GET /api/scheduling/queue: the caller's posting queue, or null when they never saved one (a 404
 * other than the API's unknown-route answer).
 */
export async function getPostingQueue(signal?: AbortSignal): Promise<PostingQueue | null> {
  try {
    return await apiRequest('/scheduling/queue', { schema: postingQueueSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code !== 'route_not_found') return null;
    throw error;
  }
}

export const postingQueueQueryKey = ['scheduling', 'queue'] as const;

export function postingQueueQueryOptions() {
  return queryOptions({ queryKey: postingQueueQueryKey, queryFn: ({ signal }) => getPostingQueue(signal) });
}

/** The caller's posting queue (idle while `enabled` is false, e.g. signed out). */
export function usePostingQueue(enabled = true) {
  return useQuery({ ...postingQueueQueryOptions(), enabled });
}
