import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Thread, threadSchema, type UpdateThreadRequest, updateThreadRequestSchema } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';
import { threadQueryKey } from '#web/lib/query-keys';
import { threadListsQueryKey } from './list-threads';

/** PUT /api/threads/{threadId}: saves the edited posts (the attribution post unchanged) and returns the thread. */
export function updateThread(threadId: string, request: UpdateThreadRequest): Promise<Thread> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}`, {
    method: 'PUT',
    bodySchema: updateThreadRequestSchema,
    body: request,
    schema: threadSchema,
  });
}

/** Saving a thread's posts; the saved thread replaces the cached one and the history lists reload. */
export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, request }: { threadId: string; request: UpdateThreadRequest }) =>
      updateThread(threadId, request),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadQueryKey(thread.id), thread);
      void queryClient.invalidateQueries({ queryKey: threadListsQueryKey });
    },
  });
}
