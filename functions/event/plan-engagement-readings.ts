import type { EventBridgeEvent } from 'aws-lambda';
import { jobHandler } from '../lib/job-handler';
import { logger } from '../lib/logger';
import { planReadings, threadPublishedSchema } from '../services/insights/reading-schedule';

/**
 * The ThreadPublished rule's target (the app's EventBridge bus in the cloud, the local bus locally):
 * plans the run's 1 h, 24 h and 7 d readings. A failure throws, so EventBridge retries (then the
 * rule's DLQ); a detail that is not ours is logged and dropped.
 */
export const handler = jobHandler(
  'plan-engagement-readings',
  async (event: EventBridgeEvent<'ThreadPublished', unknown>): Promise<{ planned: boolean }> => {
    const detail = threadPublishedSchema.safeParse(event.detail);
    if (!detail.success) {
      logger.error('ThreadPublished with an unreadable detail dropped', { issues: detail.error.issues });
      return { planned: false };
    }
    await planReadings(detail.data);
    return { planned: true };
  },
);
