import * as z from 'zod';
import { engagementReadsAllowed, readingEngagement } from '#shared/insights/engagement';
import { platformDisplayName } from '#shared/platforms';
import { type PostFigures, postFiguresSchema, type ReadingKind } from '#shared/schemas/insights';
import type { Platform } from '#shared/schemas/thread';
import { getEngagementReading, putEngagementReadingOnce } from '../../data/engagement-reading-repository';
import { getPlug } from '../../data/plug-repository';
import { getPublishRun } from '../../data/publish-run-repository';
import { announceAppEvent } from '../../lib/aws/eventbridge';
import { DomainError, ReconnectRequiredError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countBy } from '../../lib/metrics';
import { loadLiveConnection, markAccountNeedsReconnect } from '../connections/connections';
import { adapterFor } from '../platforms/adapters';
import { type LiveConnection, PlatformError, PlatformRateLimitError } from '../platforms/platform-adapter';
import type { ReadingPayload } from './reading-schedule';
import { rollUpReading, runCreditFactsOf } from './rollup';

/** What became of one reading. */
export type ReadingOutcome = 'stored' | 'already_stored' | 'skipped' | 'rate_limited';

/** A platform whose adapter reads figures back (Telegram's Bot API and LinkedIn's Posts API give none). */
export function reportsEngagement(platform: Platform): boolean {
  return adapterFor(platform).readEngagement !== undefined;
}

/** A scheduled reading the platform rate-limited: thrown, so the schedule's retry policy delivers it again later. */
export class ReadingRateLimitedError extends Error {}

/** The connection to read with; null when there is none to read with now (it needs reconnecting, or a token refresh failed). */
async function readingConnection(
  userId: string,
  threadId: string,
  platform: Platform,
  now: Date,
  accountId: string | null,
): Promise<LiveConnection | null> {
  try {
    return await loadLiveConnection(userId, platform, now, accountId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    logger.info('engagement reading skipped', { platform, threadId, reason: error.message });
    return null;
  }
}

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
  /** The run's account (null: a run from before several accounts); undefined: the platform's latest run. */
  named?: string | null,
): Promise<{
  outcome: ReadingOutcome;
  retryAfterSeconds?: number;
  /** The figures stored (outcome `stored`). */
  reading?: { accountId: string | null; runId: string; engagement: unknown };
}> {
  const adapter = adapterFor(platform);
  if (!adapter.readEngagement) return { outcome: 'skipped' };
  // No account named: the platform's latest run says whose it is, read first.
  const latest = named === undefined ? await getPublishRun(userId, threadId, platform) : undefined;
  const accountId = named === undefined ? (latest?.accountId ?? null) : named;
  // The run, the connection and the plug are read at once: one round trip before the platform is called.
  const [run, connection, plug] = await Promise.all([
    latest === undefined ? getPublishRun(userId, threadId, platform, accountId) : Promise.resolve(latest),
    readingConnection(userId, threadId, platform, now, accountId),
    getPlug(userId, threadId, platform, accountId),
  ]);
  if (run?.status !== 'completed' || (runId && run.runId !== runId)) return { outcome: 'skipped' };
  if (!connection || !engagementReadsAllowed(platform, connection.connectionData)) return { outcome: 'skipped' };
  let posts: PostFigures[];
  try {
    posts = postFiguresSchema.array().parse(await adapter.readEngagement(connection, run.made, now));
  } catch (error) {
    if (error instanceof PlatformRateLimitError) {
      countBy('ReadingRateLimited', { platform });
      return { outcome: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
    }
    if (error instanceof ReconnectRequiredError) {
      await markAccountNeedsReconnect(userId, platform, accountId, now);
    }
    if (error instanceof PlatformError || error instanceof ReconnectRequiredError || error instanceof z.ZodError) {
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
  const record = {
    userId,
    threadId,
    platform,
    accountId: run.accountId,
    runId: run.runId,
    kind,
    takenAt: now.toISOString(),
    posts,
    engagement: readingEngagement(posts),
  };
  const stored = await putEngagementReadingOnce(record);
  if (stored) countBy('ReadingStored', { platform });
  // A redelivered reading rolls up the one stored first (its own time), which the rollup counts once.
  const rolled = stored ? record : await getEngagementReading(userId, threadId, platform, kind, run.accountId);
  if (rolled?.runId === run.runId) await rollUpReading(rolled, run.updatedAt, runCreditFactsOf(run, plug));
  return stored
    ? {
        outcome: 'stored',
        reading: { accountId: run.accountId ?? null, runId: run.runId, engagement: record.engagement },
      }
    : { outcome: 'already_stored' };
}

/**
 * A reading's schedule came due: reads and stores it. A rate limit throws, so the scheduler delivers
 * the reading again after its back-off, a bounded number of times (functions/lib/aws/scheduler.ts);
 * after the last the reading is skipped.
 */
export async function takeScheduledReading(payload: ReadingPayload, now: Date): Promise<ReadingOutcome> {
  const { userId, threadId, platform, kind, runId } = payload;
  const result = await readAndStore(userId, threadId, platform, kind, now, runId, payload.accountId ?? null);
  if (result.outcome === 'rate_limited') {
    throw new ReadingRateLimitedError(`${platform} rate-limited the ${kind} reading of ${threadId}`);
  }
  // A scheduled reading just stored goes on the bus (webhooks' insights.reading); a manual refresh does not.
  if (result.reading)
    await announceAppEvent('InsightsReading', {
      workspaceId: userId,
      threadId,
      platform,
      kind,
      takenAt: now.toISOString(),
      ...result.reading,
    });
  return result.outcome;
}
