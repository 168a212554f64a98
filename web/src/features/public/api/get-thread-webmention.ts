import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ThreadWebmention, threadWebmentionSchema } from '#shared/schemas/public';
import { apiRequest } from '#web/lib/api-client';

/**
 * How the Webmention's state is polled while one is awaited: 2 s, then twice as long each time up
 * to a minute, and no more after 16 looks (about 11 minutes: past the worker's last retry at the
 * default 30 s base, 30 + 120 + 480 s), so a lost message does not keep a tab asking forever.
 */
export const WEBMENTION_POLL_BACKOFF = { firstMs: 2_000, factor: 2, maxMs: 60_000, maxFetches: 16 } as const;

/** The wait before the next look after `fetches` answers, or false once polling gives up. */
export function webmentionPollDelay(fetches: number): number | false {
  const { firstMs, factor, maxMs, maxFetches } = WEBMENTION_POLL_BACKOFF;
  if (fetches >= maxFetches) return false;
  return Math.min(maxMs, firstMs * factor ** Math.max(0, fetches - 1));
}

/** GET /api/threads/{threadId}/webmention: the thread's public link and Webmention state (no content). */
export function getThreadWebmention(threadId: string, signal?: AbortSignal): Promise<ThreadWebmention> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/webmention`, { schema: threadWebmentionSchema, signal });
}

export const threadWebmentionQueryKey = (threadId: string) => ['thread-webmention', threadId] as const;

/** Polls with back-off while a mention is awaited; stops once its state is final (or polling gave up). */
export const threadWebmentionQueryOptions = (threadId: string) =>
  queryOptions({
    queryKey: threadWebmentionQueryKey(threadId),
    queryFn: ({ signal }) => getThreadWebmention(threadId, signal),
    refetchInterval: (query) =>
      query.state.data?.awaiting === false ? false : webmentionPollDelay(query.state.dataUpdateCount),
    refetchOnWindowFocus: false,
  });

/** Follows the Webmention's state while `enabled` (a pending mention, or the thread just made public). */
export function useThreadWebmention(threadId: string, enabled: boolean) {
  return useQuery({ ...threadWebmentionQueryOptions(threadId), enabled });
}
