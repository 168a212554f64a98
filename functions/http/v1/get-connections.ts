import { httpHandler } from '#functions/route-kinds';
import { listConnections } from '../../services/connections/connections';

/** GET /v1/connections: the key's workspace's connections (names and accounts, never tokens), as the app lists them. */
export const handler = httpHandler({ auth: 'api-key', apiScope: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await listConnections(workspace.workspaceId),
}));
