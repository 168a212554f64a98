import { httpHandler } from '#functions/route-kinds';
import { listScheduledOperation } from '../scheduling/operations';

/** GET /v1/scheduled?view=upcoming|past: the key's workspace's scheduled items, as GET /api/scheduled answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...listScheduledOperation.schemas },
  listScheduledOperation.run,
);
