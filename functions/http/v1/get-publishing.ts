import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getPublishStatus } from '../../services/publishing/publish-thread';

/**
 * GET /v1/threads/{threadId}/publishing: each platform's live state and post URL, as GET
 * /api/threads/{threadId}/publishing answers (what a program polls after POST …/publish).
 */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 200,
    body: await getPublishStatus(workspace.workspaceId, params.threadId, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);
