import { useMutation } from '@tanstack/react-query';
import { type Feed, feedSchema, updateFeedRequestSchema } from '#shared/schemas/feeds';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** PUT /api/feeds/{feedId}: the feed's Auto-draft switch. */
export function updateFeed(input: { feedId: string; autoDraft: boolean }): Promise<Feed> {
  return apiRequest(`/feeds/${encodeURIComponent(input.feedId)}`, {
    method: 'PUT',
    bodySchema: updateFeedRequestSchema,
    body: { autoDraft: input.autoDraft },
    schema: feedSchema,
  });
}

export function useUpdateFeed() {
  const refresh = useRefreshFeeds();
  return useMutation({ mutationFn: updateFeed, onSuccess: refresh });
}
