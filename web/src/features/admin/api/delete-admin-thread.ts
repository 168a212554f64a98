import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { adminThreadsQueryKey } from './get-admin-threads';

/** DELETE /api/admin/threads/{threadId}: deletes any user's thread. */
export function deleteAdminThread(threadId: string): Promise<void> {
  return apiRequest(`/admin/threads/${encodeURIComponent(threadId)}`, { method: 'DELETE' });
}

/** Deletes a thread, then reloads the admin threads list. */
export function useDeleteAdminThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminThread,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminThreadsQueryKey }),
  });
}
