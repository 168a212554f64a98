import { httpHandler } from '#functions/route-kinds';
import { createGenerationJobRequestSchema } from '#shared/schemas/generation';
import { jobStatusPath } from '#shared/schemas/public-api';
import { idempotencyKeyOf, userAgentOf } from '../../lib/http-handler';
import { submitGenerationJobOnce } from '../../services/generation/submit-job';

/**
 * POST /v1/threads: a thread from a URL, as POST /api/generation-jobs makes it (same credits, same
 * Idempotency-Key store): 202 with the job and its status URL to poll.
 */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', body: createGenerationJobRequestSchema },
  async ({ body, caller, event, context, workspace }) => {
    const job = await submitGenerationJobOnce(
      // The key's workspace's thread, paid from its credits; a key's caller has no email at hand.
      { userId: workspace.workspaceId, email: caller.email },
      body,
      new Date(),
      { key: idempotencyKeyOf(event), context },
      { userAgent: userAgentOf(event), actorId: caller.userId },
    );
    const statusUrl = jobStatusPath(job.jobId);
    return { status: 202, body: { ...job, statusUrl }, headers: { location: statusUrl } };
  },
);
