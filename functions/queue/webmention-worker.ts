import { queueHandler } from '../lib/queue-handler';
import { runWebmentionMessage, webmentionMessageSchema } from '../services/public/webmention/notify-author';

/** Webmention queue worker: one thread's mention per record; retries are re-queued with a delay, failures reach the DLQ. */
export const handler = queueHandler('webmention', webmentionMessageSchema, (message, attempt) =>
  runWebmentionMessage(message, attempt.receiveCount),
);
