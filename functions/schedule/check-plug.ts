import { useOwnTargetArn } from '../lib/aws/scheduler';
import { jobHandler } from '../lib/job-handler';
import { logger } from '../lib/logger';
import { checkPlug, plugCheckPayloadSchema } from '../services/insights/plug';

/**
 * The target of every plug check's one-time schedule: fires the plug once when the first post passed
 * its threshold, else schedules the next check. A check that finds another holding the claim, or a
 * failure of our own, throws, so the scheduler retries. A payload that is not ours is dropped.
 */
export const handler = jobHandler('check-plug', async (event: unknown, context): Promise<{ outcome: string }> => {
  // The next check is a schedule of this very function.
  useOwnTargetArn('plug-checks', context.invokedFunctionArn);
  const payload = plugCheckPayloadSchema.safeParse(event);
  if (!payload.success) {
    logger.error('plug check with an unreadable payload dropped', { issues: payload.error.issues });
    return { outcome: 'dropped' };
  }
  return { outcome: await checkPlug(payload.data, new Date()) };
});
