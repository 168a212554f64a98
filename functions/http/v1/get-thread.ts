import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getThread, threadDetailRead } from '../../services/threads/threads';

/** GET /v1/threads/{threadId}: one thread of the key's workspace, as GET /api/threads/{threadId} answers. */
export const handler = httpHandler(
  {
    auth: 'api-key',
    apiScope: 'read',
    params: threadParamsSchema,
    firstRead: ({ params, workspaceId }) => threadDetailRead(workspaceId, params.threadId),
  },
  async ({ params, event, read, workspace }) => ({
    status: 200,
    body: await getThread(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      read,
    ),
  }),
);
