import { httpHandler } from '#functions/route-kinds';
import { listThreadsQuerySchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { listThreads, threadPageRead } from '../../services/threads/threads';

/** GET /api/threads?sort=&order=&cursor=: one page (15) of the caller's threads in that order. */
export const handler = httpHandler(
  {
    workspace: 'read',
    query: listThreadsQuerySchema,
    // The page's Query runs beside the deleted-account check, one round trip for both.
    firstRead: ({ query, workspaceId }) => threadPageRead(workspaceId, query),
  },
  async ({ event, read, workspace, caller }) => ({
    status: 200,
    body: await listThreads(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), read),
  }),
);
