import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type ScheduledItem,
  type ScheduledListResponse,
  scheduledListResponseSchema,
} from '#shared/schemas/scheduling';
import { apiRequest } from '#web/lib/api-client';

export type ScheduledView = 'upcoming' | 'past';

/** GET /api/scheduled?view=upcoming|past: upcoming items by time, or the last 30 days of fired and cancelled ones. */
export function getScheduledItems(view: ScheduledView, signal?: AbortSignal): Promise<ScheduledListResponse> {
  return apiRequest(`/scheduled?view=${view}`, { schema: scheduledListResponseSchema, signal });
}

/** Cache key of every scheduling list (both views and each thread's), refreshed after any change. */
export const schedulingListsQueryKey = ['scheduling', 'items'] as const;

const POLL_BUSY_MS = 5_000;
const POLL_IDLE_MS = 60_000;

/** Whether something on the list is about to change by itself: an item due within two minutes, or a run still posting. */
export function isBusy(items: readonly ScheduledItem[], now: number): boolean {
  return items.some(
    (item) =>
      (item.status === 'scheduled' && Date.parse(item.at) - now < 120_000) ||
      item.outcomes.some((outcome) => outcome.status === 'pending' || outcome.status === 'posting'),
  );
}

/**
 * Whether items listed as upcoming before are gone from the list read now: they fired (or ended) in
 * between, and the past list, read on its own, may not show them yet.
 */
export function leftUpcoming(before: readonly ScheduledItem[], now: readonly ScheduledItem[]): boolean {
  const listed = new Set(now.map((item) => item.itemId));
  return before.some((item) => !listed.has(item.itemId));
}

export function scheduledItemsQueryOptions(view: ScheduledView) {
  return queryOptions({
    queryKey: [...schedulingListsQueryKey, view],
    queryFn: ({ signal }) => getScheduledItems(view, signal),
  });
}

const VIEWS: readonly ScheduledView[] = ['upcoming', 'past'];

/**
 * One list, re-read every 5 s while an item of either list is about to fire or still posting (so an
 * item leaves Upcoming and its outcome shows under Past on its own), else every minute. An item that
 * leaves Upcoming has Past read again at once: when Upcoming is read first, nothing is busy any more
 * and Past would otherwise wait a minute to show it (an item fired on approval, for one).
 */
export function useScheduledItems(view: ScheduledView) {
  const queryClient = useQueryClient();
  const list = useQuery({
    ...scheduledItemsQueryOptions(view),
    refetchInterval: () => {
      const items = VIEWS.flatMap(
        (each) => queryClient.getQueryData(scheduledItemsQueryOptions(each).queryKey)?.items ?? [],
      );
      return isBusy(items, Date.now()) ? POLL_BUSY_MS : POLL_IDLE_MS;
    },
  });
  const shown = useRef<readonly ScheduledItem[] | undefined>(undefined);
  const items = list.data?.items;
  useEffect(() => {
    if (view === 'upcoming' && shown.current && items && leftUpcoming(shown.current, items))
      void queryClient.invalidateQueries({ queryKey: scheduledItemsQueryOptions('past').queryKey });
    shown.current = items;
  }, [view, items, queryClient]);
  return list;
}
