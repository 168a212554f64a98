import { httpHandler } from '#functions/route-kinds';
import { scheduleRequestSchema, scheduleThreadParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { scheduleThread } from '../../services/scheduling/scheduled-items';

/** POST /api/threads/{threadId}/schedule: schedules the caller's thread for a time or the next queue slot. */
export const handler = httpHandler(
  { workspace: 'write', body: scheduleRequestSchema, params: scheduleThreadParamsSchema },
  async ({ body, params, event, workspace }) => ({
    status: 201,
    body: await scheduleThread(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      body,
    ),
  }),
);
