import { httpHandler } from '#functions/route-kinds';
import { rescheduleRequestSchema, scheduledItemParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { rescheduleItem } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** PUT /api/scheduled/{itemId}: moves one of the caller's upcoming items to a new time. */
export const handler = httpHandler(
  { workspace: 'write', body: rescheduleRequestSchema, params: scheduledItemParamsSchema },
  async ({ body, params, event, workspace, caller }) => ({
    status: 200,
    body: await rescheduleItem(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.itemId, body),
  }),
);
