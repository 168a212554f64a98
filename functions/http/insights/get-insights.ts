import { httpHandler } from '#functions/route-kinds';
import { insightsQuerySchema } from '#shared/schemas/insights';
import { getInsights } from '../../services/insights/insights';

/** GET /api/insights?days=7|30|90: engagement per day, totals, top threads and comparisons in the user's zone. */
export const handler = httpHandler({ workspace: 'read', query: insightsQuerySchema }, async ({ query, workspace }) => ({
  status: 200,
  body: await getInsights(workspace.workspaceId, query.days, new Date()),
}));
