import { jobHandler } from '../lib/job-handler';
import { logger } from '../lib/logger';
import { readingPayloadSchema } from '../services/insights/reading-schedule';
import { takeScheduledReading } from '../services/insights/take-reading';

/**
 * The target of every engagement reading's one-time schedule: reads the run's posts back and stores
 * the figures once. A platform's refusal or garbage is logged and skipped inside; a rate limit or a
 * failure of our own throws, so the scheduler retries (bounded). A payload that is not ours is dropped.
 */
export const handler = jobHandler('take-engagement-reading', async (event: unknown): Promise<{ outcome: string }> => {
  const payload = readingPayloadSchema.safeParse(event);
  if (!payload.success) {
    logger.error('engagement reading with an unreadable payload dropped', { issues: payload.error.issues });
    return { outcome: 'dropped' };
  }
  return { outcome: await takeScheduledReading(payload.data, new Date()) };
});
