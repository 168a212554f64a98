import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getPublishStatus } from '../../services/publishing/publish-thread';

/** GET /api/threads/{threadId}/publishing: each platform's live state (pending, posting, completed, failed). */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 200,
    body: await getPublishStatus(workspace.workspaceId, params.threadId, new Date(), {
      userAgent: userAgentOf(event),
      actorId: caller.userId,
    }),
  }),
);
