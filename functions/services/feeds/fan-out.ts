import type { FeedPollMessage } from '#shared/schemas/feeds';
import { listDueFeeds } from '../../data/feed-repository';
import { sendBatchToQueue } from '../../lib/aws/sqs';
import { logger } from '../../lib/logger';

/**
 * The poll fan-out (every 30 minutes): one feeds-queue message per feed due by `now`, read from the
 * due listing (a Query, never a Scan). A feed is due again only once its worker has checked it, so
 * a fan-out run twice sends a due feed twice at most, which the worker's check tolerates.
 */
export async function fanOutDuePolls(now: Date): Promise<{ queued: number }> {
  const batch: FeedPollMessage[] = [];
  let queued = 0;
  for await (const due of listDueFeeds(now.toISOString())) {
    batch.push(due);
    if (batch.length === 100) {
      await sendBatchToQueue('feeds', batch.splice(0));
      queued += 100;
    }
  }
  await sendBatchToQueue('feeds', batch);
  queued += batch.length;
  logger.info('feed polls queued', { queued });
  return { queued };
}
