import { httpHandler } from '#functions/route-kinds';
import { listThreadsQuerySchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { listThreads, threadPageRead } from '../../services/threads/threads';

/** GET /v1/threads?sort=&order=&cursor=: one page of the key's workspace's threads, as GET /api/threads answers. */
export const handler = httpHandler(
  {
    auth: 'api-key',
    apiScope: 'read',
    query: listThreadsQuerySchema,
    firstRead: ({ query, workspaceId }) => threadPageRead(workspaceId, query),
  },
  // The security event names the key's creator as the member who acted, as the app's route does.
  async ({ event, read, workspace, caller }) => ({
    status: 200,
    body: await listThreads(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), read),
  }),
);
