import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InboxPage, inboxPageSchema } from '#shared/schemas/feeds';
import { apiRequest } from '#web/lib/api-client';
import { feedsQueryKey } from './get-feeds';

/** GET /api/inbox: the newest articles of the user's feeds, newest first. */
export function getInbox(signal?: AbortSignal): Promise<InboxPage> {
  return apiRequest('/inbox?limit=100', { schema: inboxPageSchema, signal });
}

export const inboxQueryOptions = () =>
  queryOptions({ queryKey: [...feedsQueryKey, 'inbox'], queryFn: ({ signal }) => getInbox(signal) });

/** The inbox, re-read every minute so polled items appear without a reload. */
export function useInbox() {
  return useQuery({ ...inboxQueryOptions(), refetchInterval: 60_000 });
}
