import { httpHandler } from '#functions/route-kinds';
import { insightsOperation } from './operations';

/** GET /api/insights?days=7|30|90: engagement per day, totals, top threads and comparisons in the user's zone. */
export const handler = httpHandler({ workspace: 'read', ...insightsOperation.schemas }, insightsOperation.run);
