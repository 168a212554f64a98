import type { EventBridgeEvent } from 'aws-lambda';
import { jobHandler } from '../lib/job-handler';
import { logger } from '../lib/logger';
import { armPlugForRun } from '../services/insights/plug';
import { threadPublishedSchema } from '../services/insights/reading-schedule';

/**
 * The ThreadPublished rule's second target: arms the run's plug when the thread (or the account's
 * default) wants one, and schedules its first check. A failure throws, so EventBridge retries (then
 * the rule's DLQ); a detail that is not ours is logged and dropped.
 */
export const handler = jobHandler(
  'arm-plug',
  async (event: EventBridgeEvent<'ThreadPublished', unknown>): Promise<{ outcome: string }> => {
    const detail = threadPublishedSchema.safeParse(event.detail);
    if (!detail.success) {
      logger.error('ThreadPublished with an unreadable detail dropped', { issues: detail.error.issues });
      return { outcome: 'dropped' };
    }
    return { outcome: await armPlugForRun(detail.data, new Date()) };
  },
);
