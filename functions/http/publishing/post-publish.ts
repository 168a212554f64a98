import { httpHandler } from '#functions/route-kinds';
import { publishRequestSchema } from '#shared/schemas/publishing';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { requestPublish } from '../../services/publishing/publish-thread';

/** POST /api/threads/{threadId}/publish: queues one message per platform; answers each platform's state. */
export const handler = httpHandler(
  { workspace: 'write', body: publishRequestSchema, params: threadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 202,
    body: await requestPublish(workspace.workspaceId, params.threadId, body, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);
