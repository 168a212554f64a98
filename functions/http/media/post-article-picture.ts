import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { actingIn } from '../../services/threads/thread-access';
import { takeArticlePicture } from '../../services/threads/thread-pictures';

/** POST /api/threads/{threadId}/article-picture: the article's own picture, stored as the caller's, where the publisher allows it. */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 201,
    body: await takeArticlePicture(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId),
  }),
);
