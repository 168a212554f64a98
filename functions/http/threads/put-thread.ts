import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema, updateThreadRequestSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { saveThreadPosts } from '../../services/threads/threads';

/** PUT /api/threads/{threadId}: saves the caller's edited posts. */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema, body: updateThreadRequestSchema },
  async ({ params, body, event, workspace }) => ({
    status: 200,
    body: await saveThreadPosts(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      body,
    ),
  }),
);
