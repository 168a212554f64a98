import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { getThreadPerformance } from '../../services/insights/thread-performance';

/** GET /api/threads/{threadId}/performance: per platform, the latest figures, the three readings and credit reach. */
export const handler = httpHandler({ params: threadParamsSchema }, async ({ params, caller }) => ({
  status: 200,
  body: await getThreadPerformance(caller.userId, params.threadId, new Date()),
}));
