import { httpHandler } from '#functions/route-kinds';
import { activityQuerySchema } from '#shared/schemas/review';
import { workspacePathSchema } from '#shared/schemas/workspaces';
import { listActivityPage } from '../../services/review/reviews';

/** GET /api/workspaces/{workspaceId}/activity?cursor=: the workspace's activity log, newest first. */
export const handler = httpHandler(
  { workspace: 'read', params: workspacePathSchema, query: activityQuerySchema },
  async ({ workspace, query }) => ({ status: 200, body: await listActivityPage(workspace, query.cursor) }),
);
