import { httpHandler } from '#functions/route-kinds';
import { listFeedsOperation } from '../feeds/operations';

/** GET /v1/feeds: the key's workspace's feeds and auto-draft settings, as GET /api/feeds answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...listFeedsOperation.schemas },
  listFeedsOperation.run,
);
