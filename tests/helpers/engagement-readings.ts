import type { EngagementReadingRecord } from '../../functions/data/engagement-reading-repository';
import type { Platform, Thread } from '../../shared/schemas/thread';

/** A stored 1 h reading of the thread's run `run-1` on one platform, as the rollup takes it. */
export function engagementReading(
  thread: Thread,
  platform: Platform,
  takenAt: string,
  engagement: number | null,
): EngagementReadingRecord {
  return {
    userId: thread.userId,
    threadId: thread.id,
    platform,
    runId: 'run-1',
    kind: '1h',
    takenAt,
    posts: [],
    engagement,
  };
}
