import { httpHandler } from '#functions/route-kinds';
import { listThreadsQuerySchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { listThreads, threadPageRead } from '../../services/threads/threads';

/** GET /v1/threads?sort=&order=&cursor=: one page of the key's workspace's threads, as GET /api/threads answers. */
export const handler = httpHandler(
  {
    auth: 'api-key',
    apiScope: 'read',
    query: listThreadsQuerySchema,
    firstRead: ({ query, workspaceId }) => threadPageRead(workspaceId, query),
  },
  async ({ event, read, workspace }) => ({
    status: 200,
    body: await listThreads({ userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() }, read),
  }),
);
