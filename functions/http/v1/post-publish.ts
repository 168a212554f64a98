import { httpHandler } from '#functions/route-kinds';
import { publishRequestSchema } from '#shared/schemas/publishing';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { requestPublish } from '../../services/publishing/publish-thread';

/**
 * POST /v1/threads/{threadId}/publish: publishes now, as POST /api/threads/{threadId}/publish does
 * (a team's approval rule too: 409 `approval_required`); 202 with each platform's state.
 */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'publish', body: publishRequestSchema, params: threadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 202,
    body: await requestPublish(workspace.workspaceId, params.threadId, body, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);
