import { httpHandler } from '#functions/route-kinds';
import { scheduledItemParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { cancelItem } from '../../services/scheduling/scheduled-items';
import { actingIn } from '../../services/threads/thread-access';

/** DELETE /api/scheduled/{itemId}: cancels one of the caller's upcoming items. */
export const handler = httpHandler(
  { workspace: 'write', params: scheduledItemParamsSchema },
  async ({ params, event, workspace, caller }) => {
    await cancelItem(actingIn(workspace.workspaceId, caller.userId, userAgentOf(event)), params.itemId);
    return { status: 204 };
  },
);
