import { generationMessageSchema } from '../../shared/schemas/generation';
import { queueHandler } from '../lib/queue-handler';
import { queues } from '../manifest';
import { runGenerationJob } from '../services/generation-jobs';

const entry = queues.find((queue) => queue.name === 'generation');
const maxReceiveCount = entry?.maxReceiveCount ?? 3;
const timeoutSeconds = entry?.timeoutSeconds ?? 90;

/** Generation queue worker: one job per record; failures are retried by SQS, then go to the DLQ. */
export const handler = queueHandler(generationMessageSchema, (message, record) =>
  runGenerationJob(message, {
    receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    maxReceiveCount,
    timeoutSeconds,
  }),
);
