import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ThreadPage, type ThreadSortField, type ThreadSortOrder, threadPageSchema } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

export interface ThreadSort {
  field: ThreadSortField;
  order: ThreadSortOrder;
}

/** GET /api/threads: one page of the caller's threads in the given order, after `cursor`. */
export function listThreads(sort: ThreadSort, cursor: string | null, signal?: AbortSignal): Promise<ThreadPage> {
  const query = new URLSearchParams({ sort: sort.field, order: sort.order });
  if (cursor) query.set('cursor', cursor);
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

/** The caller's threads in one sort, with Load More (`fetchNextPage`). */
export function useThreadList(sort: ThreadSort) {
  return useInfiniteQuery(threadListQueryOptions(sort));
}
