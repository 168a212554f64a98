import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type INSIGHTS_PERIODS, insightsResponseSchema } from '#shared/schemas/insights';
import { apiRequest } from '#web/lib/api-client';

/** One of the periods /insights offers: 7, 30 or 90 days. */
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

/** GET /api/insights?days=…: engagement per day, top threads and comparisons over the period. */
export function getInsights(days: InsightsPeriod, signal?: AbortSignal) {
  return apiRequest(`/insights?days=${days}`, { schema: insightsResponseSchema, signal });
}

export function insightsQueryOptions(days: InsightsPeriod) {
  return queryOptions({
    queryKey: ['insights', 'summary', days],
    queryFn: ({ signal }) => getInsights(days, signal),
  });
}

/** The /insights page's figures; the previous period stays on screen while another loads. */
export function useInsights(days: InsightsPeriod) {
  return useQuery({ ...insightsQueryOptions(days), placeholderData: keepPreviousData });
}
