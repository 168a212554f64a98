import { httpHandler } from '#functions/route-kinds';
import { API_KEY_MANAGE_PERMISSION, createApiKeyBodySchema } from '#shared/schemas/api-keys';
import { userAgentOf } from '../../lib/http-handler';
import { createApiKey } from '../../services/api-keys/api-keys';

/** POST /api/api-keys: a new key for the current workspace; the answer holds its secret, this once. */
export const handler = httpHandler(
  { workspace: API_KEY_MANAGE_PERMISSION, body: createApiKeyBodySchema },
  async ({ body, caller, workspace, event }) => ({
    status: 201,
    body: await createApiKey(
      { userId: caller.userId, workspaceId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      body,
    ),
  }),
);
