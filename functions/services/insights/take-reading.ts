import * as z from 'zod';
import { platformDisplayName } from '#shared/platforms';
import { type PostFigures, postFiguresSchema, type ReadingKind } from '#shared/schemas/insights';
import type { Platform } from '#shared/schemas/thread';
import { markConnectionNeedsReconnect } from '../../data/connection-repository';
import { putEngagementReadingOnce } from '../../data/engagement-reading-repository';
import { getPublishRun } from '../../data/publish-run-repository';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { readingEngagement } from '#shared/insights/engagement';
import { loadLiveConnection } from '../connections/connections';
import { ReconnectRequiredError } from '../connections/oauth-flow';
import { adapterFor } from '../publishing/adapters';
import { type LiveConnection, PlatformError, PlatformRateLimitError } from '../publishing/platform-adapter';
import { type ReadingPayload, scheduleReading } from './reading-schedule';

/** What became of one reading. */
export type ReadingOutcome = 'stored' | 'already_stored' | 'skipped' | 'rate_limited';

/** A platform whose adapter reads figures back (Telegram's Bot API and LinkedIn's Posts API give none). */
export function reportsEngagement(platform: Platform): boolean {
  return adapterFor(platform).readEngagement !== undefined;
}

/** X bills each read: only a connection whose user turned reads on is read. */
export function readsAllowed(platform: Platform, connection: Pick<LiveConnection, 'connectionData'>): boolean {
  return platform !== 'twitter' || connection.connectionData.engagementReads === true;
}

/** A rate-limited scheduled reading waits at most this many times, each at most an hour. */
const MAX_RATE_LIMIT_WAITS = 3;
const MAX_WAIT_SECONDS = 3600;

/**
 * Reads one platform's completed run of the thread and stores the figures once for `kind`. A read
 * that fails never touches the thread or the run: a revoked token (401) marks the connection as
 * needing reconnection, as publishing does; a rate limit is handed back (`rate_limited`); anything
 * else the platform answered is logged and skipped. `runId` pins a scheduled reading to its run (a
 * thread published again has readings of its own).
 */
export async function readAndStore(
  userId: string,
  threadId: string,
  platform: Platform,
  kind: ReadingKind,
  now: Date,
  runId?: string,
): Promise<{ outcome: ReadingOutcome; retryAfterSeconds?: number }> {
  const adapter = adapterFor(platform);
  const run = await getPublishRun(userId, threadId, platform);
  if (!adapter.readEngagement || run?.status !== 'completed' || (runId && run.runId !== runId)) {
    return { outcome: 'skipped' };
  }
  let connection: LiveConnection | null;
  try {
    connection = await loadLiveConnection(userId, platform, now);
  } catch (error) {
    // A connection that needs reconnecting, or a token refresh that failed: nothing to read with now.
    if (!(error instanceof DomainError)) throw error;
    logger.info('engagement reading skipped', { platform, threadId, reason: error.message });
    return { outcome: 'skipped' };
  }
  if (!connection || !readsAllowed(platform, connection)) return { outcome: 'skipped' };
  let posts: PostFigures[];
  try {
    posts = postFiguresSchema.array().parse(await adapter.readEngagement(connection, run.made, now));
  } catch (error) {
    if (error instanceof PlatformRateLimitError) {
      countBy('ReadingRateLimited', { platform });
      return { outcome: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
    }
    if (error instanceof ReconnectRequiredError) {
      await markConnectionNeedsReconnect(userId, platform, now.toISOString());
    }
    if (error instanceof PlatformError || error instanceof z.ZodError) {
      logger.warn('engagement reading failed', {
        platform: platformDisplayName(platform),
        threadId,
        error: error instanceof Error ? error.message : String(error),
      });
      countBy('ReadingFailed', { platform });
      return { outcome: 'skipped' };
    }
    throw error;
  }
  const stored = await putEngagementReadingOnce({
    userId,
    threadId,
    platform,
    runId: run.runId,
    kind,
    takenAt: now.toISOString(),
    posts,
    engagement: readingEngagement(posts),
  });
  if (stored) countBy('ReadingStored', { platform });
  return { outcome: stored ? 'stored' : 'already_stored' };
}

/**
 * A reading's schedule came due: reads and stores it; a rate limit schedules the same reading again
 * after the platform's wait (bounded), and after the last wait the reading is skipped.
 */
export async function takeScheduledReading(payload: ReadingPayload, now: Date): Promise<ReadingOutcome> {
  const { userId, threadId, platform, kind, runId, attempt } = payload;
  const result = await readAndStore(userId, threadId, platform, kind, now, runId);
  if (result.outcome === 'rate_limited' && attempt < MAX_RATE_LIMIT_WAITS) {
    const wait = Math.min(MAX_WAIT_SECONDS, Math.max(60, result.retryAfterSeconds ?? 60));
    await scheduleReading({ ...payload, attempt: attempt + 1 }, new Date(now.getTime() + wait * 1000));
  }
  return result.outcome;
}
