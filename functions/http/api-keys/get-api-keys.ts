import { httpHandler } from '#functions/route-kinds';
import { API_KEY_MANAGE_PERMISSION } from '#shared/schemas/api-keys';
import { listApiKeys } from '../../services/api-keys/api-keys';

/** GET /api/api-keys: the current workspace's live keys (name, scopes, prefix, created, last use; never a secret). */
export const handler = httpHandler({ workspace: API_KEY_MANAGE_PERMISSION }, async ({ workspace }) => ({
  status: 200,
  body: { keys: await listApiKeys(workspace.workspaceId) },
}));
