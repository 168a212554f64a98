import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { getThreadPerformance } from '../../services/insights/thread-performance';

/** GET /v1/threads/{threadId}/performance: as GET /api/threads/{threadId}/performance answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', params: threadParamsSchema },
  async ({ params, workspace }) => ({
    status: 200,
    body: await getThreadPerformance(workspace.workspaceId, params.threadId, new Date()),
  }),
);
