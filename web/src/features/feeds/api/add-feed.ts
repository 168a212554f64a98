import { useMutation } from '@tanstack/react-query';
import { addFeedRequestSchema, type Feed, feedSchema } from '#shared/schemas/feeds';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** POST /api/feeds: follows a feed by its URL or its site's URL. */
export function addFeed(url: string): Promise<Feed> {
  return apiRequest('/feeds', { method: 'POST', bodySchema: addFeedRequestSchema, body: { url }, schema: feedSchema });
}

export function useAddFeed() {
  const refresh = useRefreshFeeds();
  return useMutation({ mutationFn: addFeed, onSuccess: refresh });
}
