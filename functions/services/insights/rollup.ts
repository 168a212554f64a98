import { dayInZone, rollupOf, type ThreadInsight, threadEngagementOf } from '#shared/insights/insights';
import type { EngagementReadingRecord } from '../../data/engagement-reading-repository';
import {
  addEngagementGainOnce,
  type EngagementByPlatform,
  getThreadRollupState,
  putThreadInsight,
  saveThreadRollup,
  type ThreadRollupState,
} from '../../data/engagement-rollup-repository';
import { getPostingQueue } from '../../data/scheduled-item-repository';
import { addToTotals } from '../../data/stats-repository';
import { deleteThreadInsight } from '../../data/thread-repository';

/** Optimistic writes of one thread's rollup rarely meet (one reading per platform and slot); a few tries suffice. */
const ROLLUP_ATTEMPTS = 5;

/** The zone days are counted in: the posting queue's, else UTC (the same zone /insights shows). */
export async function insightsZoneOf(userId: string): Promise<string> {
  return (await getPostingQueue(userId))?.timeZone ?? 'UTC';
}

function insightOf(state: ThreadRollupState, byPlatform: EngagementByPlatform): ThreadInsight | null {
  const engagement = threadEngagementOf(byPlatform);
  const entries = Object.entries(byPlatform);
  if (engagement === null || entries.length === 0) return null;
  const { thread } = state;
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
  };
}

async function writeInsight(state: ThreadRollupState, byPlatform: EngagementByPlatform, version: number) {
  const insight = insightOf(state, byPlatform);
  if (insight) await putThreadInsight(state.thread.userId, insight, version);
  else await deleteThreadInsight(state.thread.userId, state.thread.id);
}

/**
 * Rolls one stored reading into the thread's figures, the user's day and the platform totals. Safe to
 * repeat for the same reading: the day's gain is counted once (the reading's id is kept on the day),
 * the thread's rollup only takes a reading newer than the platform's latest, and its summary is written
 * again. A reading older than the latest (late) changes nothing. `publishedAt`: when the run read completed.
 */
export async function rollUpReading(record: EngagementReadingRecord, publishedAt: string): Promise<void> {
  const { userId, threadId, platform, takenAt, engagement } = record;
  const zone = await insightsZoneOf(userId);
  for (let attempt = 0; attempt < ROLLUP_ATTEMPTS; attempt += 1) {
    const state = await getThreadRollupState(userId, threadId);
    if (!state) return;
    const previous = state.byPlatform[platform];
    const { newer, gain } = rollupOf(previous, { takenAt, engagement });
    if (!newer) {
      // This very reading was rolled up before: its summary may not have been written yet.
      if (previous?.takenAt === takenAt) await writeInsight(state, state.byPlatform, state.version);
      return;
    }
    // The day first: a crash after it leaves the thread as it was, so a redelivery finds the same gain,
    // which the day refuses to count twice.
    if (gain > 0) {
      await addEngagementGainOnce(userId, dayInZone(takenAt, zone), `${threadId}#${platform}#${takenAt}`, gain);
    }
    const byPlatform: EngagementByPlatform = { ...state.byPlatform, [platform]: { takenAt, engagement, publishedAt } };
    const before = threadEngagementOf(state.byPlatform);
    const after = threadEngagementOf(byPlatform);
    if (!(await saveThreadRollup(state, byPlatform, after))) continue;
    // Counted once: only the write that moved the thread adds its change (a crash just before loses it).
    await addToTotals({
      engagement: (after ?? 0) - (before ?? 0),
      threadsWithReadings: Number(after !== null) - Number(before !== null),
    });
    await writeInsight(state, byPlatform, state.version + 1);
    return;
  }
  throw new Error(`the engagement rollup of ${threadId} kept meeting other writes`);
}
