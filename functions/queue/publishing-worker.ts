import { queueHandler } from '../lib/queue-handler';
import { publishMessageSchema, runPublishMessage } from '../services/publishing/publish-thread';

/** Publishing queue worker: one platform's thread per record, resumable; failures retried by SQS, then the DLQ. */
export const handler = queueHandler('publishing', publishMessageSchema, (message, attempt) =>
  runPublishMessage(message, attempt),
);
