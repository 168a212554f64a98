import { useMutation } from '@tanstack/react-query';
import {
  type ScheduledItem,
  type ScheduleRequest,
  scheduledItemSchema,
  scheduleRequestSchema,
} from '#shared/schemas/scheduling';
import { apiRequest } from '#web/lib/api-client';
import { useRefreshSchedules } from '../hooks/use-refresh-schedules';

/** POST /api/threads/{threadId}/schedule: at a chosen time (`at`) or in the queue's next free slot (`queue: true`). */
export function scheduleThread(threadId: string, request: ScheduleRequest): Promise<ScheduledItem> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/schedule`, {
    method: 'POST',
    bodySchema: scheduleRequestSchema,
    body: request,
    schema: scheduledItemSchema,
  });
}

export function useScheduleThread(threadId: string) {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: (request: ScheduleRequest) => scheduleThread(threadId, request),
    onSuccess: refresh,
  });
}
