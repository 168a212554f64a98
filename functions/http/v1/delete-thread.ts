import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { cancelSchedulesOfThread } from '../../services/insights/plug-cancellation';
import { actingIn } from '../../services/threads/thread-access';
import { deleteThread } from '../../services/threads/threads';

/** DELETE /v1/threads/{threadId}: deletes a thread for good, as DELETE /api/threads/{threadId} does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => {
    await deleteThread(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId, {
      cancelSchedulesOfThread,
    });
    return { status: 204 };
  },
);
