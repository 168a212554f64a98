import { httpHandler } from '#functions/route-kinds';
import { scheduledItemParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { publishItemNow } from '../../services/scheduling/fire-item';
import { actingIn } from '../../services/threads/thread-access';

/** POST /api/scheduled/{itemId}/publish-now: fires one of the caller's upcoming items at once. */
export const handler = httpHandler(
  { workspace: 'write', params: scheduledItemParamsSchema },
  async ({ params, event, workspace, caller }) => ({
    status: 202,
    body: await publishItemNow(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.itemId),
  }),
);
