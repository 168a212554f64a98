import { queueHandler } from '../lib/queue-handler';
import { queues } from '../manifest';
import { publishMessageSchema, runPublishMessage } from '../services/publishing/publish-thread';

const entry = queues.find((queue) => queue.name === 'publishing');
const maxReceiveCount = entry?.maxReceiveCount ?? 3;

/** Publishing queue worker: one platform's thread per record, resumable; failures retried by SQS, then the DLQ. */
export const handler = queueHandler(publishMessageSchema, (message, record) =>
  runPublishMessage(message, {
    receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    maxReceiveCount,
  }),
);
