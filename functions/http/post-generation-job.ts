import { createGenerationJobRequestSchema } from '../../shared/schemas/generation';
import { httpHandler, userAgentOf } from '../lib/http-handler';
import { submitGenerationJob } from '../services/generation-jobs';

/** POST /api/generation-jobs: 202 with the queued job; the client follows it to its end. */
export const handler = httpHandler({ body: createGenerationJobRequestSchema }, async ({ body, caller, event }) => ({
  status: 202,
  body: await submitGenerationJob(caller, body, new Date(), userAgentOf(event)),
}));
