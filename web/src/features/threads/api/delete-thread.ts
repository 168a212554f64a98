import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadPage } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';
import { threadQueryKey } from '#web/lib/query-keys';
import { threadListsQueryKey } from './list-threads';

/** DELETE /api/threads/{threadId}: deletes one of the caller's threads for good. */
export function deleteThread(threadId: string): Promise<void> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}`, { method: 'DELETE' });
}

/**
 * Deleting a thread optimistically: it leaves every loaded list at once; whatever the server
 * answers, the lists are then reloaded (so a refused delete brings the thread back).
 */
export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onMutate: async (threadId: string) => {
      await queryClient.cancelQueries({ queryKey: threadListsQueryKey });
      queryClient.setQueriesData<InfiniteData<ThreadPage>>({ queryKey: threadListsQueryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                threads: page.threads.filter((thread) => thread.id !== threadId),
              })),
            }
          : data,
      );
    },
    onSuccess: (_, threadId) => queryClient.removeQueries({ queryKey: threadQueryKey(threadId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: threadListsQueryKey }),
  });
}
