import { httpHandler } from '#functions/route-kinds';
import { scheduledListQuerySchema } from '#shared/schemas/scheduling';
import { listScheduled } from '../../services/scheduling/scheduled-items';

/** GET /api/scheduled?view=upcoming|past: the caller's upcoming items, or the last 30 days of ended ones. */
export const handler = httpHandler(
  { workspace: 'read', query: scheduledListQuerySchema },
  async ({ query, workspace }) => ({
    status: 200,
    body: { items: await listScheduled(workspace.workspaceId, query.view, new Date()) },
  }),
);
