import { httpHandler } from '#functions/route-kinds';
import { inboxOperation } from '../feeds/operations';

/** GET /v1/inbox?limit=&cursor=: one page of new articles, as GET /api/inbox answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...inboxOperation.schemas },
  inboxOperation.run,
);
