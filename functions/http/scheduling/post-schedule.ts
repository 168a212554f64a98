import { httpHandler } from '#functions/route-kinds';
import { scheduleRequestSchema, scheduleThreadParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { scheduleThread } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** POST /api/threads/{threadId}/schedule: schedules the caller's thread for a time or the next queue slot. */
export const handler = httpHandler(
  { workspace: 'write', body: scheduleRequestSchema, params: scheduleThreadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 201,
    body: await scheduleThread(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
    ),
  }),
);
