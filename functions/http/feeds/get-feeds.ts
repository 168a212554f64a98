import { httpHandler } from '#functions/route-kinds';
import { listFeedsOperation } from './operations';

/** GET /api/feeds: the caller's feeds (title, last check, state) and the auto-draft settings. */
export const handler = httpHandler({ workspace: 'read', ...listFeedsOperation.schemas }, listFeedsOperation.run);
