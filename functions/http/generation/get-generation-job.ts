import { httpHandler } from '#functions/route-kinds';
import { generationJobParamsSchema } from '#shared/schemas/generation';
import { getGenerationJob } from '../../services/generation/job-view';

/** GET /api/generation-jobs/{jobId}: the caller's job, with the thread once it succeeded. */
export const handler = httpHandler(
  { workspace: 'read', params: generationJobParamsSchema },
  async ({ params, workspace }) => ({
    status: 200,
    body: await getGenerationJob(workspace.workspaceId, params.jobId),
  }),
);
