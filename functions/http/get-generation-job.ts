import { z } from 'zod';
import { httpHandler } from '../lib/http-handler';
import { getGenerationJob } from '../services/generation-jobs';

/** GET /api/generation-jobs/{jobId}: the caller's job, with the thread once it succeeded. */
export const handler = httpHandler({ params: z.object({ jobId: z.uuid() }) }, async ({ params, caller }) => ({
  status: 200,
  body: await getGenerationJob(caller.userId, params.jobId),
}));
