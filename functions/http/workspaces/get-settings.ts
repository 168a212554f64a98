import { httpHandler } from '#functions/route-kinds';
import { workspacePathSchema } from '#shared/schemas/workspaces';
import { describeSettings } from '../../services/review/reviews';

/** GET /api/workspaces/{workspaceId}/settings: whether threads need approval before publishing, and the grace window. */
export const handler = httpHandler({ workspace: 'read', params: workspacePathSchema }, async ({ workspace }) => ({
  status: 200,
  body: await describeSettings(workspace),
}));
