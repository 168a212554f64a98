import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { refreshThreadPerformance } from '../../services/insights/thread-performance';

/** POST /api/threads/{threadId}/performance/refresh: reads every platform now (once per 10 minutes per thread). */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema },
  async ({ params, workspace }) => ({
    status: 200,
    body: await refreshThreadPerformance(workspace.workspaceId, params.threadId, new Date()),
  }),
);
