import { httpHandler } from '#functions/route-kinds';
import {
  createGenerationJobRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '#shared/schemas/generation';
import { ValidationError } from '../../lib/errors';
import { userAgentOf } from '../../lib/http-handler';
import { submitGenerationJobOnce } from '../../services/generation/submit-job';

const headersSchema = idempotencyKeySchema.optional();

/**
 * POST /api/generation-jobs: 202 with the queued job; the client follows it to its end. With an
 * Idempotency-Key header, a retry returns the first job instead of making (and charging) another.
 */
export const handler = httpHandler(
  { workspace: 'write', body: createGenerationJobRequestSchema },
  async ({ body, caller, event, context, workspace }) => {
    const key = headersSchema.safeParse(event.headers?.[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    if (!key.success) throw new ValidationError(key.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
    return {
      status: 202,
      body: await submitGenerationJobOnce(
        // The workspace's thread, paid from the workspace's credits.
        { userId: workspace.workspaceId, email: caller.email },
        body,
        new Date(),
        { key: key.data, context },
        { userAgent: userAgentOf(event), actorId: caller.userId },
      ),
    };
  },
);
