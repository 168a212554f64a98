import { httpHandler } from '#functions/route-kinds';
import { API_KEY_MANAGE_PERMISSION, apiKeyParamsSchema } from '#shared/schemas/api-keys';
import { userAgentOf } from '../../lib/http-handler';
import { revokeApiKey } from '../../services/api-keys/api-keys';

/** DELETE /api/api-keys/{keyId}: revokes one of the current workspace's keys; the next request with it is refused. */
export const handler = httpHandler(
  { workspace: API_KEY_MANAGE_PERMISSION, params: apiKeyParamsSchema },
  async ({ params, caller, workspace, event }) => {
    await revokeApiKey(
      { userId: caller.userId, workspaceId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.keyId,
    );
    return { status: 204 };
  },
);
