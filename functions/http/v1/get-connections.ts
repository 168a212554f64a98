import { httpHandler } from '#functions/route-kinds';
import { listConnectionsOperation } from '../connections/operations';

/** GET /v1/connections: the key's workspace's connections (names and accounts, never tokens), as the app lists them. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...listConnectionsOperation.schemas },
  listConnectionsOperation.run,
);
