import { useMutation } from '@tanstack/react-query';
import { type FeedSettings, feedSettingsSchema } from '#shared/schemas/feeds';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** PUT /api/feed-settings: how many auto-drafts a day. */
export function updateFeedSettings(settings: FeedSettings): Promise<FeedSettings> {
  return apiRequest('/feed-settings', {
    method: 'PUT',
    bodySchema: feedSettingsSchema,
    body: settings,
    schema: feedSettingsSchema,
  });
}

export function useUpdateFeedSettings() {
  const refresh = useRefreshFeeds();
  return useMutation({ mutationFn: updateFeedSettings, onSuccess: refresh });
}
