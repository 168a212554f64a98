import { useOwnTargetArn } from '../lib/aws/scheduler';
import { jobHandler } from '../lib/job-handler';
import { logger } from '../lib/logger';
import { fireScheduledItem } from '../services/scheduling/fire-item';
import { firePayloadSchema } from '../services/scheduling/item-schedule';

/**
 * The target of every scheduled item's one-time schedule (EventBridge Scheduler in the cloud, the
 * local scheduler locally): the schedule's input is the event. A failure throws, so the scheduler
 * retries the delivery; a payload that is not ours is logged and dropped.
 */
export const handler = jobHandler(
  'fire-scheduled-item',
  async (event: unknown, context): Promise<{ fired: boolean }> => {
    // An item waiting for approval is fired again, at the end of its grace window, by this very function.
    useOwnTargetArn('scheduled-items', context.invokedFunctionArn);
    const payload = firePayloadSchema.safeParse(event);
    if (!payload.success) {
      logger.error('scheduled fire with an unreadable payload dropped', { issues: payload.error.issues });
      return { fired: false };
    }
    const { userId, itemId, at, approvalDeadline } = payload.data;
    return { fired: (await fireScheduledItem(userId, itemId, at, new Date(), { approvalDeadline })) !== null };
  },
);
