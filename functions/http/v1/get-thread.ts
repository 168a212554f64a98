import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { getThread, threadDetailRead } from '../../services/threads/threads';

/** GET /v1/threads/{threadId}: one thread of the key's workspace, as GET /api/threads/{threadId} answers. */
export const handler = httpHandler(
  {
    auth: 'api-key',
    apiScope: 'read',
    params: threadParamsSchema,
    firstRead: ({ params, workspaceId }) => threadDetailRead(workspaceId, params.threadId),
  },
  // The security event names the key's creator as the member who acted, as the app's route does.
  async ({ params, event, read, workspace, caller }) => ({
    status: 200,
    body: await getThread(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId, read),
  }),
);
