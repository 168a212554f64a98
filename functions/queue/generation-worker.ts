import { generationMessageSchema } from '../../shared/schemas/generation';
import { queueHandler } from '../lib/queue-handler';
import { runGenerationJob } from '../services/generation/run-job';

/** Generation queue worker: one job per record; failures are retried by SQS, then go to the DLQ. */
export const handler = queueHandler('generation', generationMessageSchema, (message, attempt) =>
  runGenerationJob(message, attempt),
);
