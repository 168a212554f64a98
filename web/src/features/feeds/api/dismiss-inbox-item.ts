import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshFeeds } from '../hooks/use-refresh-feeds';

/** POST /api/inbox/{itemId}/dismiss: hides the item from the inbox. */
export function dismissInboxItem(itemId: string): Promise<unknown> {
  return apiRequest(`/inbox/${encodeURIComponent(itemId)}/dismiss`, { method: 'POST' });
}

export function useDismissInboxItem() {
  const refresh = useRefreshFeeds();
  return useMutation({ mutationFn: dismissInboxItem, onSuccess: refresh });
}
