import { useMutation } from '@tanstack/react-query';
import {
  type RescheduleRequest,
  rescheduleRequestSchema,
  type ScheduledItem,
  scheduledItemSchema,
} from '#shared/schemas/scheduling';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshSchedules } from '../hooks/use-refresh-schedules';

/** PUT /api/scheduled/{itemId}: a new time for an upcoming item. */
export function rescheduleItem(itemId: string, request: RescheduleRequest): Promise<ScheduledItem> {
  return apiRequest(`/scheduled/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    bodySchema: rescheduleRequestSchema,
    body: request,
    schema: scheduledItemSchema,
  });
}

/**
 * `onRescheduled` runs from the mutation itself, not from `mutate`'s options: the refreshed list
 * may move the item to another day, remounting its row, and React Query drops the callbacks of a
 * `mutate` whose component is gone.
 */
export function useRescheduleItem(onRescheduled: (item: ScheduledItem) => void) {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ itemId, request }: { itemId: string; request: RescheduleRequest }) =>
      rescheduleItem(itemId, request),
    onSuccess: async (item) => {
      onRescheduled(item);
      await refresh();
    },
  });
}
