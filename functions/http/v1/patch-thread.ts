import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema, updateThreadRequestSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { saveThreadPosts } from '../../services/threads/threads';

/** PATCH /v1/threads/{threadId}: saves edited posts (and title) as PUT /api/threads/{threadId} does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', params: threadParamsSchema, body: updateThreadRequestSchema },
  async ({ params, body, event, workspace, caller }) => ({
    status: 200,
    body: await saveThreadPosts(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
    ),
  }),
);
