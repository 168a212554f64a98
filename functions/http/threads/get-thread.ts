import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
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
  async ({ params, query, event, read, workspace, caller }) => ({
    status: 200,
    body: await getThread(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      read,
      query.purpose,
    ),
  }),
);
