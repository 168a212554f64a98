import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { threadWebmention } from '../../services/public/public-threads';
import { actingIn } from '../../services/threads/thread-access';

/** GET /api/threads/{threadId}/webmention: the owner's view of the thread's public link and Webmention (polled). */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 200,
    body: await threadWebmention(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId),
  }),
);
