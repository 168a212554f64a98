import { httpHandler } from '#functions/route-kinds';
import { createGenerationJobRequestSchema } from '#shared/schemas/generation';
import { idempotencyKeyOf, userAgentOf } from '../../lib/http-handler';
import { submitGenerationJobOnce } from '../../services/generation/submit-job';

/**
 * POST /api/generation-jobs: 202 with the queued job; the client follows it to its end. With an
 * Idempotency-Key header, a retry returns the first job instead of making (and charging) another.
 */
export const handler = httpHandler(
  { workspace: 'write', body: createGenerationJobRequestSchema },
  async ({ body, caller, event, context, workspace }) => ({
    status: 202,
    body: await submitGenerationJobOnce(
      // The workspace's thread, paid from the workspace's credits.
      { userId: workspace.workspaceId, email: caller.email },
      body,
      new Date(),
      { key: idempotencyKeyOf(event), context },
      { userAgent: userAgentOf(event), actorId: caller.userId },
    ),
  }),
);
