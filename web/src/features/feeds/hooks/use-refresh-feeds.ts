import { useQueryClient } from '@tanstack/react-query';
import { feedsQueryKey } from '../api/get-feeds';

/** Re-reads the feeds list and the inbox after a change to either. */
export function useRefreshFeeds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: feedsQueryKey });
}
