import { httpHandler } from '#functions/route-kinds';
import { listConnections } from '../../services/connections/connections';

/** GET /api/connections: the caller's platform connections (no secrets) and the available platforms. */
export const handler = httpHandler({ workspace: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await listConnections(workspace.workspaceId),
}));
