import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeedList, feedListSchema } from '#shared/schemas/feeds';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/feeds: the user's feeds and the auto-draft settings. */
export function getFeeds(signal?: AbortSignal): Promise<FeedList> {
  return apiRequest('/feeds', { schema: feedListSchema, signal });
}

/** Cache key of the feeds list and the inbox, refreshed together after any change. */
export const feedsQueryKey = ['feeds'] as const;

export const feedsQueryOptions = () =>
  queryOptions({ queryKey: [...feedsQueryKey, 'list'], queryFn: ({ signal }) => getFeeds(signal) });

/** The feeds, re-read every minute (a 'Check now' or the scheduled poll changes their last check). */
export function useFeeds() {
  return useQuery({ ...feedsQueryOptions(), refetchInterval: 60_000 });
}
