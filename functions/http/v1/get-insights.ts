import { httpHandler } from '#functions/route-kinds';
import { insightsQuerySchema } from '#shared/schemas/insights';
import { getInsights } from '../../services/insights/insights';

/** GET /v1/insights?days=7|30|90: the key's workspace's insights, as GET /api/insights answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', query: insightsQuerySchema },
  async ({ query, workspace }) => ({
    status: 200,
    body: await getInsights(workspace.workspaceId, query.days, new Date()),
  }),
);
