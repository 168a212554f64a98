import { httpHandler } from '#functions/route-kinds';
import { scheduleRequestSchema, scheduleThreadParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { scheduleThread } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** POST /v1/threads/{threadId}/schedule: for a time or the next queue slot, as the app's schedule does. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'publish', body: scheduleRequestSchema, params: scheduleThreadParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 201,
    body: await scheduleThread(
      actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)),
      params.threadId,
      body,
    ),
  }),
);
