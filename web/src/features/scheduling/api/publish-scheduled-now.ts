import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshSchedules } from '../hooks/use-refresh-schedules';

/** POST /api/scheduled/{itemId}/publish-now: fires an upcoming item at once instead of at its time. */
export function publishScheduledNow(itemId: string): Promise<unknown> {
  return apiRequest(`/scheduled/${encodeURIComponent(itemId)}/publish-now`, { method: 'POST' });
}

export function usePublishScheduledNow() {
  const refresh = useRefreshSchedules();
  return useMutation({ mutationFn: publishScheduledNow, onSuccess: refresh });
}
