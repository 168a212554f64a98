import { httpHandler } from '#functions/route-kinds';
import { scheduleThreadParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { threadSchedule } from '../../services/scheduling/scheduled-items';

/** GET /api/threads/{threadId}/schedule: the upcoming items of one of the caller's threads. */
export const handler = httpHandler(
  { workspace: 'read', params: scheduleThreadParamsSchema },
  async ({ params, event, workspace }) => ({
    status: 200,
    body: {
      items: await threadSchedule(
        { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
        params.threadId,
      ),
    },
  }),
);
