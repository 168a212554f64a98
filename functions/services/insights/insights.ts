import { buildInsights, periodDates } from '#shared/insights/insights';
import type { InsightsResponse } from '#shared/schemas/insights';
import { listEngagementDays, listThreadInsightsSince } from '../../data/engagement-rollup-repository';
import { insightsZoneOf } from './rollup';

/**
 * GET /api/insights: two Queries after the zone is read (the period's days, the summaries of threads
 * published since a day before it, so any zone's first day is covered), grouped in shared/insights.
 */
export async function getInsights(userId: string, days: number, now: Date): Promise<InsightsResponse> {
  const timeZone = await insightsZoneOf(userId);
  const dates = periodDates(now, timeZone, days);
  const from = dates[0] ?? '';
  const to = dates.at(-1) ?? '';
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
  const [dailyGains, threads] = await Promise.all([
    listEngagementDays(userId, from, to),
    listThreadInsightsSince(userId, since),
  ]);
  return buildInsights({ days, timeZone, now, dailyGains, threads });
}
