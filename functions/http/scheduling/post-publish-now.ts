import { httpHandler } from '#functions/route-kinds';
import { scheduledItemParamsSchema } from '#shared/schemas/scheduling';
import { userAgentOf } from '../../lib/http-handler';
import { publishItemNow } from '../../services/scheduling/fire-item';

/** POST /api/scheduled/{itemId}/publish-now: fires one of the caller's upcoming items at once. */
export const handler = httpHandler(
  { workspace: 'write', params: scheduledItemParamsSchema },
  async ({ params, event, workspace }) => ({
    status: 202,
    body: await publishItemNow(
      { userId: workspace.workspaceId, userAgent: userAgentOf(event), now: new Date() },
      params.itemId,
    ),
  }),
);
