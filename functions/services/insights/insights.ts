import { platformReportsEngagement } from '#shared/insights/engagement';
import { buildInsights, type PublishedThread } from '#shared/insights/insights';
import type { InsightsResponse } from '#shared/schemas/insights';
import { periodDates } from '#shared/time-zone';
import {
  getThreadTitlesAndReadings,
  listEngagementDays,
  listThreadInsightsSince,
} from '../../data/engagement-rollup-repository';
import { type CompletedRun, listCompletedRunsSince } from '../../data/publish-run-repository';
import { insightsZoneOf } from './rollup';

/**
 * GET /api/insights: three Queries after the zone is read (the period's days, the summaries of threads
 * published since a day before it, so any zone's first day is covered, and the runs completed since
 * then), then the titles of the threads published only where engagement is not reported, grouped in
 * shared/insights.
 */
export async function getInsights(userId: string, days: number, now: Date): Promise<InsightsResponse> {
  const timeZone = await insightsZoneOf(userId);
  const dates = periodDates(now, timeZone, days);
  const from = dates[0] ?? '';
  const to = dates.at(-1) ?? '';
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
  const [dailyGains, threads, runs] = await Promise.all([
    listEngagementDays(userId, from, to),
    listThreadInsightsSince(userId, since),
    listCompletedRunsSince(userId, since),
  ]);
  return buildInsights({ days, timeZone, now, dailyGains, threads, published: await publishedThreads(userId, runs) });
}

/**
 * The threads the completed runs published only where engagement is not reported (the others have
 * figures, or will: no need to read them), each once; a deleted thread's runs are left out.
 */
async function publishedThreads(userId: string, runs: readonly CompletedRun[]): Promise<PublishedThread[]> {
  const byThread = new Map<string, CompletedRun[]>();
  for (const run of runs) byThread.set(run.threadId, [...(byThread.get(run.threadId) ?? []), run]);
  for (const [threadId, ofThread] of byThread) {
    if (ofThread.some((run) => platformReportsEngagement(run.platform))) byThread.delete(threadId);
  }
  if (byThread.size === 0) return [];
  const found = await getThreadTitlesAndReadings(userId, [...byThread.keys()]);
  return [...byThread.entries()].flatMap(([threadId, ofThread]) => {
    const thread = found.get(threadId);
    if (!thread) return [];
    const publishedAt = ofThread.map((run) => run.completedAt).sort()[0] ?? '';
    return [{ threadId, ...thread, platforms: ofThread.map((run) => run.platform), publishedAt }];
  });
}
