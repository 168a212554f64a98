import { httpHandler } from '#functions/route-kinds';
import { inboxItemParamsSchema } from '#shared/schemas/feeds';
import { dismissItem } from '../../services/feeds/feeds';

/** POST /api/inbox/{itemId}/dismiss: hides the item (the feed will not bring it back). */
export const handler = httpHandler(
  { workspace: 'write', params: inboxItemParamsSchema },
  async ({ params, workspace }) => {
    await dismissItem(workspace.workspaceId, params.itemId);
    return { status: 204 };
  },
);
