import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** POST /api/feeds/{feedId}/check: 'Check now' (at most once per 5 minutes). */
export function checkFeed(feedId: string): Promise<unknown> {
  return apiRequest(`/feeds/${encodeURIComponent(feedId)}/check`, { method: 'POST' });
}

export function useCheckFeed() {
  const refresh = useRefreshFeeds();
  // The check runs on the queue: the lists are re-read a few seconds later, when it has landed.
  return useMutation({ mutationFn: checkFeed, onSuccess: () => setTimeout(refresh, 3000) });
}
