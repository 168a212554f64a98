import type { PlatformCredit } from '#shared/insights/credit-comparisons';
import { creditReachOf, linkClicksOf } from '#shared/insights/engagement';
import { rollupOf, type ThreadInsight, threadEngagementOf } from '#shared/insights/insights';
import { plugFiredForComparison } from '#shared/publishing/plug';
import { dayInZone } from '#shared/time-zone';
import type { EngagementReadingRecord } from '../../data/engagement-reading-repository';
import {
  addEngagementGainOnce,
  clearRollupPending,
  type EngagementByPlatform,
  getThreadRollupState,
  putThreadInsight,
  type RollupPending,
  saveThreadRollup,
  type ThreadRollupState,
} from '../../data/engagement-rollup-repository';
import type { PlugRecord } from '../../data/plug-repository';
import type { PublishRun } from '../../data/publish-run-repository';
import { getPostingQueue } from '../../data/scheduled-item-repository';
import { addEngagementToTotalsOnce } from '../../data/stats-repository';
import { deleteThreadInsight } from '../../data/thread-repository';

/** Optimistic writes of one thread's rollup rarely meet (one reading per platform and slot); a few tries suffice. */
const ROLLUP_ATTEMPTS = 5;

/** The zone days are counted in: the posting queue's, else UTC (the same zone /insights shows). */
export async function insightsZoneOf(userId: string): Promise<string> {
  return (await getPostingQueue(userId))?.timeZone ?? 'UTC';
}

/** What a run did for the credit, as /insights compares it; the reading adds its credit reach and link clicks. */
export type RunCreditFacts = Pick<PlatformCredit, 'linkPlacement' | 'quoted' | 'plugFired'>;

/**
 * The credit facts of a completed run: where it put the link, whether its credit still quotes the
 * author's post (a quote refused at posting time is removed from the run), and whether its plug fired
 * (`plug`: the thread's plug on the platform, null when none).
 */
export function runCreditFactsOf(
  run: Pick<PublishRun, 'runId' | 'linkPlacement' | 'quote'>,
  plug: Pick<PlugRecord, 'runId' | 'state'> | null,
): RunCreditFacts {
  const plugFired = plugFiredForComparison(plug, run.runId);
  return {
    linkPlacement: run.linkPlacement ?? null,
    quoted: Boolean(run.quote),
    ...(plugFired === undefined ? {} : { plugFired }),
  };
}

function insightOf(state: ThreadRollupState, byPlatform: EngagementByPlatform): ThreadInsight | null {
  const engagement = threadEngagementOf(byPlatform);
  const entries = Object.entries(byPlatform);
  if (engagement === null || entries.length === 0) return null;
  const { thread } = state;
  const credit = entries.flatMap(([platform, entry]) => (entry.credit ? [[platform, entry.credit] as const] : []));
  return {
    threadId: thread.id,
    title: thread.title,
    tone: thread.tone,
    hookLength: [...(thread.posts[0]?.content ?? '')].length,
    publishedAt: entries.map(([, entry]) => entry.publishedAt).sort()[0] ?? thread.createdAt,
    engagement,
    platforms: Object.fromEntries(
      entries.flatMap(([platform, entry]) => (entry.engagement === null ? [] : [[platform, entry.engagement]])),
    ),
    ...(credit.length > 0 ? { credit: Object.fromEntries(credit) } : {}),
  };
}

async function writeInsight(state: ThreadRollupState, byPlatform: EngagementByPlatform, version: number) {
  const insight = insightOf(state, byPlatform);
  if (insight) await putThreadInsight(state.thread.userId, insight, version);
  else await deleteThreadInsight(state.thread.userId, state.thread.id);
}

/**
 * Applies what a rollup write changed, each part exactly once however often it runs (a redelivery, or
 * a later rollup of the thread finding it unsettled): the day keeps the reading's id with its gain,
 * the totals' shard keeps the thread's version. Then the thread forgets it.
 */
export async function settleRollup(userId: string, threadId: string, pending: RollupPending): Promise<void> {
  await Promise.all([
    pending.gain > 0 ? addEngagementGainOnce(userId, pending.date, pending.readingId, pending.gain) : null,
    pending.engagement !== 0 || pending.threadsWithReadings !== 0
      ? addEngagementToTotalsOnce(threadId, pending.version, pending)
      : null,
  ]);
  await clearRollupPending(userId, threadId, pending.version);
}

/**
 * The thread write of a rollup: the reading replaces the platform's latest if it is newer, and what
 * that changed is computed against the latest it replaces and kept on the thread in the same
 * version-conditional write (a rollup left unsettled there is settled first: this write replaces it).
 * Null when the reading changes nothing (no such thread, or no newer than the platform's latest).
 * `facts`: what the run did for the credit, kept with the platform's latest with the reading's credit
 * reach and link clicks (absent: not known, and the comparisons leave the platform out).
 */
export async function writeRollup(
  record: EngagementReadingRecord,
  publishedAt: string,
  zone: string | Promise<string>,
  facts?: RunCreditFacts,
): Promise<{ state: ThreadRollupState; byPlatform: EngagementByPlatform; pending: RollupPending } | null> {
  const { userId, threadId, platform, takenAt, engagement } = record;
  // The zone is read beside the thread: one round trip for both.
  const [timeZone, firstState] = await Promise.all([zone, getThreadRollupState(userId, threadId)]);
  let state = firstState;
  for (let attempt = 0; attempt < ROLLUP_ATTEMPTS; attempt += 1) {
    if (attempt > 0) state = await getThreadRollupState(userId, threadId);
    if (!state) return null;
    if (state.pending) await settleRollup(userId, threadId, state.pending);
    const previous = state.byPlatform[platform];
    const { newer, gain } = rollupOf(previous, { takenAt, engagement });
    if (!newer) {
      // This very reading was rolled up before: its summary may not have been written yet.
      if (previous?.takenAt === takenAt) await writeInsight(state, state.byPlatform, state.version);
      return null;
    }
    const credit = facts
      ? { creditReach: creditReachOf(record)?.share ?? null, linkClicks: linkClicksOf(record.posts), ...facts }
      : undefined;
    const byPlatform: EngagementByPlatform = {
      ...state.byPlatform,
      [platform]: { takenAt, engagement, publishedAt, ...(credit ? { credit } : {}) },
    };
    const before = threadEngagementOf(state.byPlatform);
    const after = threadEngagementOf(byPlatform);
    const pending: RollupPending = {
      readingId: `${threadId}#${platform}#${takenAt}`,
      date: dayInZone(takenAt, timeZone),
      gain,
      engagement: (after ?? 0) - (before ?? 0),
      threadsWithReadings: Number(after !== null) - Number(before !== null),
      version: state.version + 1,
    };
    if (await saveThreadRollup(state, byPlatform, after, pending)) return { state, byPlatform, pending };
  }
  throw new Error(`the engagement rollup of ${threadId} kept meeting other writes`);
}

/**
 * Rolls one stored reading into the thread's figures, the user's day and the platform totals, each
 * exactly once: safe to repeat for the same reading, or to run beside another reading of the same
 * thread and platform (only one write replaces a given latest, and its gain is the one counted). A
 * reading older than the latest (late) changes nothing. `publishedAt`: when the run read completed;
 * `facts`: what that run did for the credit (runCreditFactsOf).
 */
export async function rollUpReading(
  record: EngagementReadingRecord,
  publishedAt: string,
  facts?: RunCreditFacts,
): Promise<void> {
  const written = await writeRollup(record, publishedAt, insightsZoneOf(record.userId), facts);
  if (!written) return;
  const { state, byPlatform, pending } = written;
  await Promise.all([
    settleRollup(record.userId, record.threadId, pending),
    writeInsight(state, byPlatform, pending.version),
  ]);
}
