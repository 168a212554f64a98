import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getThread, threadDetailRead } from '../../services/threads/threads';

/** GET /api/threads/{threadId}?purpose=detail|restore: one of the caller's threads (the purpose names its security event). */
export const handler = httpHandler(
  {
    workspace: 'read',
    params: threadParamsSchema,
    query: z.object({ purpose: z.enum(['detail', 'restore']).default('detail') }),
    // The thread is read with the deleted-account check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => threadDetailRead(workspaceId, params.threadId),
  },
  async ({ params, query, event, read, workspace }) => ({
    status: 200,
    body: await getThread(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      read,
      query.purpose,
    ),
  }),
);
