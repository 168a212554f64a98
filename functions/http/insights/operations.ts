import { insightsQuerySchema } from '#shared/schemas/insights';
import { threadParamsSchema } from '#shared/schemas/thread';
import { operation } from '../../lib/http-handler';
import { getInsights } from '../../services/insights/insights';
import { getThreadPerformance } from '../../services/insights/thread-performance';

/** The workspace's insights over 7, 30 or 90 days (GET …/insights, /api and /v1). */
export const insightsOperation = operation({ query: insightsQuerySchema }, async ({ query, workspace }) => ({
  status: 200,
  body: await getInsights(workspace.workspaceId, query.days, new Date()),
}));

/** A thread's figures per platform (GET …/threads/{threadId}/performance, /api and /v1). */
export const threadPerformanceOperation = operation({ params: threadParamsSchema }, async ({ params, workspace }) => ({
  status: 200,
  body: await getThreadPerformance(workspace.workspaceId, params.threadId, new Date()),
}));
