import { httpHandler } from '#functions/route-kinds';
import { scheduleThreadParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { threadSchedule } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** GET /api/threads/{threadId}/schedule: the upcoming items of one of the caller's threads. */
export const handler = httpHandler(
  { workspace: 'read', params: scheduleThreadParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 200,
    body: {
      items: await threadSchedule(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.threadId),
    },
  }),
);
