import { useQuery } from '@tanstack/react-query';
import { newestThreadResponseSchema } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

/**
 * How often the open history asks whether a newer thread exists: a thread made in another tab or on
 * another device appears within 5 seconds (by polling).
 */
export const HISTORY_POLL_MS = 4_000;

/** GET /api/threads/newest: the id of the caller's newest thread, or null. */
export async function getNewestThreadId(signal?: AbortSignal): Promise<string | null> {
  return (await apiRequest('/threads/newest', { schema: newestThreadResponseSchema, signal })).threadId;
}

/**
 * The id of the caller's newest thread, polled while the history is open: one small request every
 * few seconds, however many pages are loaded; the list reloads only when it changes.
 */
export function useNewestThreadId() {
  return useQuery({
    queryKey: ['threads', 'newest'],
    queryFn: ({ signal }) => getNewestThreadId(signal),
    refetchInterval: HISTORY_POLL_MS,
  });
}
