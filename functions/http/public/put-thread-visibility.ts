import { httpHandler } from '#functions/route-kinds';
import { threadVisibilityRequestSchema } from '#shared/schemas/public';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { setVisibility } from '../../services/public/public-threads';

/**
 * PUT /api/threads/{threadId}/visibility: the owner makes the thread public (with or without
 * indexing, with their display name when they have none yet) or private.
 */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema, body: threadVisibilityRequestSchema },
  async ({ params, body, caller, event, workspace }) => ({
    status: 200,
    body: await setVisibility(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      body,
      caller,
    ),
  }),
);
