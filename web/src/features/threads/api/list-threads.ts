import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type ThreadPage,
  type ThreadSortField,
  type ThreadSortOrder,
  threadPageSchema,
} from '../../../../../shared/schemas/thread';
import { apiRequest } from '../../../lib/api-client';

/**
 * How often the open history asks whether a newer thread exists: a thread made in another tab or on
 * another device appears within 5 seconds (spec §4's realtime insert, done by polling).
 */
export const HISTORY_POLL_MS = 4_000;

export interface ThreadSort {
  field: ThreadSortField;
  order: ThreadSortOrder;
}

/** GET /api/threads: one page of the caller's threads in the given order, after `cursor`. */
export function listThreads(
  sort: ThreadSort,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<ThreadPage> {
  const query = new URLSearchParams({ sort: sort.field, order: sort.order });
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  return apiRequest(`/threads?${query.toString()}`, { schema: threadPageSchema, signal });
}

/** Cache key of every loaded history list (all sorts). */
export const threadListsQueryKey = ['threads', 'list'] as const;

/** The history's pages in one sort, loaded 15 at a time. */
export function threadListQueryOptions(sort: ThreadSort) {
  return infiniteQueryOptions({
    queryKey: [...threadListsQueryKey, sort.field, sort.order],
    queryFn: ({ pageParam, signal }) => listThreads(sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ThreadPage) => page.nextCursor,
  });
}

/**
 * The id of the caller's newest thread, polled while the history is open: one request every few
 * seconds, however many pages are loaded; the list reloads only when it changes.
 */
export function useNewestThreadId() {
  return useQuery({
    queryKey: ['threads', 'newest'],
    queryFn: async ({ signal }) =>
      (await listThreads({ field: 'createdAt', order: 'desc' }, null, signal, 1)).threads[0]?.id ?? null,
    refetchInterval: HISTORY_POLL_MS,
  });
}

/** The caller's threads in one sort, with Load More (`fetchNextPage`). */
export function useThreadList(sort: ThreadSort) {
  return useInfiniteQuery(threadListQueryOptions(sort));
}
