import { platformDisplayName } from '../platforms';
import type { ComparisonGroup, InsightsResponse } from '../schemas/insights';
import type { Platform } from '../schemas/thread';
import { periodDates, zoneClock } from '../time-zone';
import { TONE_LABELS, type Tone } from '../tones';
import { creditComparisonsOf, creditSamplesOf, type PlatformCredit } from './credit-comparisons';
import { notReportedNote, platformReportsEngagement } from './engagement';

/**
 * The /insights answer and the rollups behind it, as pure functions: days and hours are counted on
 * the clock of the user's zone (the posting queue's, else UTC), so a DST day is simply a shorter or
 * longer calendar day and an hour is what the wall clock read.
 */

/** A platform's latest reading of a thread, as the thread's rollup keeps it. */
export interface PlatformLatest {
  takenAt: string;
  engagement: number | null;
}

/** What one reading changes: whether it is newer than the platform's latest, and the engagement gained since it. */
export interface ReadingRollup {
  /** False for a reading no newer than the platform's latest (a redelivery, or an older one arriving late). */
  newer: boolean;
  /** The increase since the previous reading of that thread and platform (never below 0: figures can drop). */
  gain: number;
}

/**
 * A newer reading replaces the platform's latest and counts the increase since it; a late older one
 * changes nothing (the newer reading's gain already covers its increase), so the daily gains add up to
 * the latest total however the readings arrive.
 */
export function rollupOf(previous: PlatformLatest | undefined, reading: PlatformLatest): ReadingRollup {
  if (previous && previous.takenAt >= reading.takenAt) return { newer: false, gain: 0 };
  return { newer: true, gain: Math.max(0, (reading.engagement ?? 0) - (previous?.engagement ?? 0)) };
}

/** A thread's engagement: the sum of each platform's latest reported figure; null when none reported. */
export function threadEngagementOf(latest: Partial<Record<Platform, PlatformLatest>>): number | null {
  const reported = Object.values(latest)
    .map((entry) => entry?.engagement ?? null)
    .filter((value): value is number => value !== null);
  return reported.length > 0 ? reported.reduce((sum, value) => sum + value, 0) : null;
}

/** Hook length buckets: characters of the first post (a short hook fits a headline, a long one a paragraph). */
export const HOOK_LENGTH_BUCKETS = [
  { key: 'short', label: 'Up to 80 characters', max: 80 },
  { key: 'medium', label: '81–140 characters', max: 140 },
  { key: 'long', label: '141 characters or more', max: Number.POSITIVE_INFINITY },
] as const;

export function hookLengthBucket(characters: number): (typeof HOOK_LENGTH_BUCKETS)[number] {
  return HOOK_LENGTH_BUCKETS.find((bucket) => characters <= bucket.max) ?? HOOK_LENGTH_BUCKETS[2];
}

/** One thread with figures, as its insights summary keeps it. */
export interface ThreadInsight {
  threadId: string;
  title: string;
  tone: Tone;
  /** Characters of the first post. */
  hookLength: number;
  /** When its first platform's run completed. */
  publishedAt: string;
  engagement: number;
  /** Each platform's latest reported engagement (platforms that reported nothing are absent). */
  platforms: Partial<Record<Platform, number>>;
  /** What each platform's run did for the credit; absent on insights written before it was kept. */
  credit?: Partial<Record<Platform, PlatformCredit>>;
}

export const TOP_THREADS = 5;

function groupsOf(
  entries: Array<{ key: string; label: string; engagement: number }>,
  order: (a: ComparisonGroup, b: ComparisonGroup) => number,
): ComparisonGroup[] {
  const groups = new Map<string, { label: string; threads: number; sum: number }>();
  for (const { key, label, engagement } of entries) {
    const group = groups.get(key) ?? { label, threads: 0, sum: 0 };
    group.threads += 1;
    group.sum += engagement;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({
      key,
      label: group.label,
      threads: group.threads,
      averageEngagement: group.sum / group.threads,
    }))
    .sort(order);
}

const byAverage = (a: ComparisonGroup, b: ComparisonGroup) =>
  b.averageEngagement - a.averageEngagement || a.key.localeCompare(b.key);
const byKey = (a: ComparisonGroup, b: ComparisonGroup) => a.key.localeCompare(b.key);

/** A published thread as its completed runs and its rollup show it, for the threads that will have no figures. */
export interface PublishedThread {
  threadId: string;
  title: string;
  /** The platforms its completed runs went to. */
  platforms: readonly Platform[];
  /** When its first platform's run completed. */
  publishedAt: string;
  /** Some platform's reading was rolled up onto it: it has figures, or will. */
  hasReadings: boolean;
}

/** How many of the threads without figures the answer names (the newest); the counts cover them all. */
export const UNREPORTED_NEWEST = 10;

/**
 * The published threads that will never have figures: every platform they went to reports none
 * (Telegram, LinkedIn) and no reading was ever rolled up onto them. A thread also published where
 * figures are read is not one of them: its figures come with that platform's readings.
 */
export function unreportedThreadsOf(published: readonly PublishedThread[]): InsightsResponse['unreported'] {
  const unreported = published
    .filter(
      (thread) =>
        !thread.hasReadings &&
        thread.platforms.length > 0 &&
        !thread.platforms.some((platform) => platformReportsEngagement(platform)),
    )
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.threadId.localeCompare(b.threadId));
  const perPlatform = new Map<Platform, number>();
  for (const thread of unreported) {
    for (const platform of new Set(thread.platforms)) perPlatform.set(platform, (perPlatform.get(platform) ?? 0) + 1);
  }
  return {
    threads: unreported.length,
    byPlatform: [...perPlatform.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([platform, threads]) => ({ platform, threads, note: notReportedNote(platform) })),
    newest: unreported.slice(0, UNREPORTED_NEWEST).map((thread) => ({
      threadId: thread.threadId,
      title: thread.title,
      publishedAt: thread.publishedAt,
      platforms: [...new Set(thread.platforms)]
        .sort()
        .map((platform) => ({ platform, note: notReportedNote(platform) })),
    })),
  };
}

/**
 * The /insights answer: engagement gained per day of the period (every day, zeros included), and over
 * the threads published in the period (their first run completed on one of its days, in `timeZone`):
 * the totals, the top threads and the comparisons, each group with its sample size, and credit reach
 * compared by how the credit was made (shared/insights/credit-comparisons.ts).
 */
export function buildInsights(input: {
  days: number;
  timeZone: string;
  now: Date;
  /** Engagement gained per day (YYYY-MM-DD in `timeZone`); days absent gained nothing. */
  dailyGains: ReadonlyMap<string, number>;
  threads: readonly ThreadInsight[];
  /** The threads published to some platform (with or without figures), for those that will have none. */
  published?: readonly PublishedThread[];
}): InsightsResponse {
  const { days, timeZone, now } = input;
  const dates = periodDates(now, timeZone, days);
  const first = dates[0] ?? '';
  const last = dates.at(-1) ?? '';
  const daily = dates.map((date) => ({ date, engagement: input.dailyGains.get(date) ?? 0 }));
  const clock = zoneClock(timeZone);
  const inPeriod = (thread: { publishedAt: string }) => {
    const { day } = clock(thread.publishedAt);
    return day >= first && day <= last;
  };
  const threads = input.threads.filter(inPeriod);
  const topThreads = [...threads]
    .sort((a, b) => b.engagement - a.engagement || b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, TOP_THREADS)
    .map(({ threadId, title, engagement, tone, publishedAt }) => ({ threadId, title, engagement, tone, publishedAt }));
  return {
    days,
    timeZone,
    daily,
    totals: { threads: threads.length, engagement: daily.reduce((sum, day) => sum + day.engagement, 0) },
    topThreads,
    comparisons: {
      byPlatform: groupsOf(
        threads.flatMap((thread) =>
          Object.entries(thread.platforms).map(([platform, engagement]) => ({
            key: platform,
            label: platformDisplayName(platform as Platform),
            engagement: engagement ?? 0,
          })),
        ),
        byAverage,
      ),
      byTone: groupsOf(
        threads.map((thread) => ({ key: thread.tone, label: TONE_LABELS[thread.tone], engagement: thread.engagement })),
        byAverage,
      ),
      byHookLength: groupsOf(
        threads.map((thread) => {
          const bucket = hookLengthBucket(thread.hookLength);
          return { key: bucket.key, label: bucket.label, engagement: thread.engagement };
        }),
        (a, b) =>
          HOOK_LENGTH_BUCKETS.findIndex((bucket) => bucket.key === a.key) -
          HOOK_LENGTH_BUCKETS.findIndex((bucket) => bucket.key === b.key),
      ),
      byHourOfPublishing: groupsOf(
        threads.map((thread) => {
          const hour = String(clock(thread.publishedAt).hour).padStart(2, '0');
          return { key: hour, label: `${hour}:00`, engagement: thread.engagement };
        }),
        byKey,
      ),
    },
    creditComparisons: creditComparisonsOf(threads.flatMap(creditSamplesOf)),
    unreported: unreportedThreadsOf((input.published ?? []).filter(inPeriod)),
  };
}
