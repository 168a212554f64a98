import { creditReachOf, engagementReadsAllowed, notReportedNote } from '#shared/insights/engagement';
import { insightMessages } from '#shared/messages/insights';
import { platformDisplayName } from '#shared/platforms';
import {
  type PlatformPerformance,
  type PlatformReading,
  READING_SLOTS,
  REFRESH_INTERVAL_SECONDS,
  type ThreadPerformance,
} from '#shared/schemas/insights';
import type { Platform } from '#shared/schemas/thread';
import {
  claimReadingRefresh,
  type EngagementReadingRecord,
  getLastReadingRefresh,
  listEngagementReadingsOfThread,
} from '../../data/engagement-reading-repository';
import { listPublishRunsForThread, type PublishRun } from '../../data/publish-run-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { NotFoundError, RateLimitedError } from '../../lib/errors';
import { resolveAccount } from '../connections/connections';
import { readAndStore, reportsEngagement } from './take-reading';

const notes = insightMessages;

/** The caller's thread or a 404 (another user's thread is not found either; nothing is read). */
async function assertOwnThread(userId: string, threadId: string): Promise<void> {
  if (!(await getThreadForUser(userId, threadId))) throw new NotFoundError(undefined, 'thread_not_found');
}

const toReading = (record: EngagementReadingRecord): PlatformReading => ({
  kind: record.kind,
  takenAt: record.takenAt,
  posts: record.posts,
  engagement: record.engagement,
});

/** One platform's row: whether it reports, its latest figures, its scheduled readings and credit reach. */
async function platformPerformance(
  userId: string,
  run: PublishRun,
  readings: EngagementReadingRecord[],
): Promise<PlatformPerformance> {
  const platform = run.platform;
  const name = platformDisplayName(platform);
  // A run is one account's: its readings carry its run id.
  const ofRun = readings.filter((reading) => reading.platform === platform && reading.runId === run.runId);
  const scheduled = READING_SLOTS.flatMap((slot) => ofRun.filter((reading) => reading.kind === slot)).map(toReading);
  const latestRecord = [...ofRun].sort((a, b) => a.takenAt.localeCompare(b.takenAt)).at(-1);
  const latest = latestRecord ? toReading(latestRecord) : null;
  const base = {
    platform,
    accountId: run.accountId,
    latest,
    readings: scheduled,
    creditReach: latest ? creditReachOf(latest) : null,
  };
  if (!reportsEngagement(platform)) return { ...base, reporting: 'not_reported', note: notReportedNote(platform) };
  const connection = await resolveAccount(userId, platform, run.accountId);
  if (connection?.connectionData.needsReconnect === true) {
    return { ...base, reporting: 'needs_reconnect', note: notes.needsReconnect(name) };
  }
  if (connection && !engagementReadsAllowed(platform, connection.connectionData))
    return { ...base, reporting: 'off', note: notes.xReadsOff };
  return { ...base, reporting: 'reported', note: null };
}

async function performanceOf(userId: string, threadId: string, now: Date): Promise<ThreadPerformance> {
  const [runs, readings, lastRefresh] = await Promise.all([
    listPublishRunsForThread(userId, threadId),
    listEngagementReadingsOfThread(userId, threadId),
    getLastReadingRefresh(userId, threadId),
  ]);
  const completed = runs.filter((run) => run.status === 'completed');
  const platforms = await Promise.all(completed.map((run) => platformPerformance(userId, run, readings)));
  const reported = platforms.map((row) => row.latest?.engagement ?? null).filter((value) => value !== null);
  const allowedAt = lastRefresh ? new Date(Date.parse(lastRefresh) + REFRESH_INTERVAL_SECONDS * 1000) : null;
  return {
    threadId,
    platforms,
    totalEngagement: reported.length > 0 ? reported.reduce((sum, value) => sum + value, 0) : null,
    refreshAllowedAt: allowedAt && allowedAt > now ? allowedAt.toISOString() : null,
  };
}

/** GET /api/threads/{threadId}/performance: each platform the thread was published to, with its figures. */
export async function getThreadPerformance(userId: string, threadId: string, now: Date): Promise<ThreadPerformance> {
  await assertOwnThread(userId, threadId);
  return performanceOf(userId, threadId, now);
}

/**
 * 'Refresh now': reads every platform of the thread at once (kind `manual`), at most once per
 * REFRESH_INTERVAL_SECONDS per thread (claimed with a conditional write, so two at once read once);
 * a platform that fails or rate-limits keeps its earlier figures.
 */
export async function refreshThreadPerformance(
  userId: string,
  threadId: string,
  now: Date,
): Promise<ThreadPerformance> {
  await assertOwnThread(userId, threadId);
  const notAfter = new Date(now.getTime() - REFRESH_INTERVAL_SECONDS * 1000).toISOString();
  if (!(await claimReadingRefresh(userId, threadId, now.toISOString(), notAfter))) {
    const last = await getLastReadingRefresh(userId, threadId);
    const wait = last
      ? Math.max(1, Math.ceil((Date.parse(last) + REFRESH_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000))
      : REFRESH_INTERVAL_SECONDS;
    throw new RateLimitedError(notes.refreshTooSoon, wait, 'refresh_too_soon');
  }
  const runs = await listPublishRunsForThread(userId, threadId);
  await Promise.all(
    runs
      .filter((run) => run.status === 'completed')
      .map((run) => readAndStore(userId, threadId, run.platform as Platform, 'manual', now, undefined, run.accountId)),
  );
  return performanceOf(userId, threadId, now);
}
