import { httpHandler } from '#functions/route-kinds';
import { generationJobParamsSchema } from '#shared/schemas/generation';
import { jobStatusPath } from '#shared/schemas/public-api';
import { getGenerationJob } from '../../services/generation/job-view';

/** GET /v1/jobs/{jobId}: a job of the key's workspace, as GET /api/generation-jobs/{jobId} answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', params: generationJobParamsSchema },
  async ({ params, workspace }) => {
    const job = await getGenerationJob(workspace.workspaceId, params.jobId);
    return { status: 200, body: { ...job, statusUrl: jobStatusPath(job.jobId) } };
  },
);
