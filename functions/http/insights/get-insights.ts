import { httpHandler } from '#functions/route-kinds';
import { insightsQuerySchema } from '#shared/schemas/insights';
import { getInsights } from '../../services/insights/insights';

/** GET /api/insights?days=7|30|90: engagement per day, totals, top threads and comparisons in the user's zone. */
export const handler = httpHandler({ query: insightsQuerySchema }, async ({ query, caller }) => ({
  status: 200,
  body: await getInsights(caller.userId, query.days, new Date()),
}));
