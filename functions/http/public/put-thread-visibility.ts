import { httpHandler } from '#functions/route-kinds';
import { threadVisibilityRequestSchema } from '#shared/schemas/public';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { setVisibility } from '../../services/public/public-threads';
import { actingIn } from '../../services/threads/thread-access';

/**
 * PUT /api/threads/{threadId}/visibility: the owner makes the thread public (with or without
 * indexing, with their display name when they have none yet) or private.
 */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema, body: threadVisibilityRequestSchema },
  async ({ params, body, caller, event, workspace }) => ({
    status: 200,
    body: await setVisibility(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
      caller,
    ),
  }),
);
