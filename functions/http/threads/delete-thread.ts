import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { cancelSchedulesOfThread } from '../../services/insights/plug-cancellation';
import { actingIn } from '../../services/threads/thread-access';
import { deleteThread } from '../../services/threads/threads';

/** DELETE /api/threads/{threadId}: deletes one of the caller's threads for good. */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => {
    await deleteThread(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId, {
      cancelSchedulesOfThread,
    });
    return { status: 204 };
  },
);
