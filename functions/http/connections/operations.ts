import { operation } from '../../lib/http-handler';
import { listConnections } from '../../services/connections/connections';

/** The workspace's platform connections (names and accounts, never tokens) (GET …/connections, /api and /v1). */
export const listConnectionsOperation = operation({}, async ({ workspace }) => ({
  status: 200,
  body: await listConnections(workspace.workspaceId),
}));
