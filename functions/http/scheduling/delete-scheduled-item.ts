import { httpHandler } from '#functions/route-kinds';
import { scheduledItemParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { cancelItem } from '../../services/scheduling/scheduled-items';

/** DELETE /api/scheduled/{itemId}: cancels one of the caller's upcoming items. */
export const handler = httpHandler(
  { workspace: 'write', params: scheduledItemParamsSchema },
  async ({ params, event, workspace }) => {
    await cancelItem({ userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() }, params.itemId);
    return { status: 204 };
  },
);
