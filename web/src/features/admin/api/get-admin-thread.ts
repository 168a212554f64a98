import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Thread, threadSchema } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/admin/threads/{threadId}: any user's thread, read only. */
export function getAdminThread(threadId: string, signal?: AbortSignal): Promise<Thread> {
  return apiRequest(`/admin/threads/${encodeURIComponent(threadId)}`, { schema: threadSchema, signal });
}

export function adminThreadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: ['admin', 'thread', threadId] as const,
    queryFn: ({ signal }) => getAdminThread(threadId, signal),
    retry: false,
  });
}

export function useAdminThread(threadId: string) {
  return useQuery(adminThreadQueryOptions(threadId));
}
