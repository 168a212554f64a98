import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { getThreadPerformance } from '../../services/insights/thread-performance';

/** GET /api/threads/{threadId}/performance: per platform, the latest figures, the three readings and credit reach. */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema },
  async ({ params, workspace }) => ({
    status: 200,
    body: await getThreadPerformance(workspace.workspaceId, params.threadId, new Date()),
  }),
);
