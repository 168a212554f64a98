import { httpHandler } from '#functions/route-kinds';
import { insightsOperation } from '../insights/operations';

/** GET /v1/insights?days=7|30|90: the key's workspace's insights, as GET /api/insights answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', ...insightsOperation.schemas },
  insightsOperation.run,
);
