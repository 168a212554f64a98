import { httpHandler } from '#functions/route-kinds';
import { listConnectionsOperation } from './operations';

/** GET /api/connections: the caller's platform connections (no secrets) and the available platforms. */
export const handler = httpHandler(
  { workspace: 'read', ...listConnectionsOperation.schemas },
  listConnectionsOperation.run,
);
