import { httpHandler } from '#functions/route-kinds';
import { generationJobParamsSchema } from '#shared/schemas/generation';
import { getGenerationJob } from '../../services/generation/job-view';

/** GET /api/generation-jobs/{jobId}: the caller's job, with the thread once it succeeded. */
export const handler = httpHandler({ params: generationJobParamsSchema }, async ({ params, caller }) => ({
  status: 200,
  body: await getGenerationJob(caller.userId, params.jobId),
}));
