import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** DELETE /api/feeds/{feedId}: stops following the feed (its inbox items go with it). */
export function removeFeed(feedId: string): Promise<unknown> {
  return apiRequest(`/feeds/${encodeURIComponent(feedId)}`, { method: 'DELETE' });
}

export function useRemoveFeed() {
  const refresh = useRefreshFeeds();
  return useMutation({ mutationFn: removeFeed, onSuccess: refresh });
}
