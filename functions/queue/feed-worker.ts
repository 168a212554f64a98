import { feedPollMessageSchema } from '../../shared/schemas/feeds';
import { queueHandler } from '../lib/queue-handler';
import { pollFeed } from '../services/feeds/poll-feed';

/** Feeds queue worker: one feed check per record; an unexpected failure fails only its record. */
export const handler = queueHandler('feeds', feedPollMessageSchema, async (message) => {
  await pollFeed(message.userId, message.feedId, new Date());
});
