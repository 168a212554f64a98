import { httpHandler } from '#functions/route-kinds';
import { scheduledListQuerySchema } from '#shared/schemas/scheduling';
import { listScheduled } from '../../services/scheduling/scheduled-items';

/** GET /v1/scheduled?view=upcoming|past: the key's workspace's scheduled items, as GET /api/scheduled answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', query: scheduledListQuerySchema },
  async ({ query, workspace }) => ({
    status: 200,
    body: { items: await listScheduled(workspace.workspaceId, query.view, new Date()) },
  }),
);
