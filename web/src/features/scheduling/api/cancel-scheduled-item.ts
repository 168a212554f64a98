import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshSchedules } from '../hooks/use-refresh-schedules';

/** DELETE /api/scheduled/{itemId}: cancels an upcoming item (nothing is posted). */
export function cancelScheduledItem(itemId: string): Promise<unknown> {
  return apiRequest(`/scheduled/${encodeURIComponent(itemId)}`, { method: 'DELETE' });
}

export function useCancelScheduledItem() {
  const refresh = useRefreshSchedules();
  return useMutation({ mutationFn: cancelScheduledItem, onSuccess: refresh });
}
