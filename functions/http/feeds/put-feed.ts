import { httpHandler } from '#functions/route-kinds';
import { feedParamsSchema, updateFeedRequestSchema } from '#shared/schemas/feeds';
import { setAutoDraft } from '../../services/feeds/feeds';

/** PUT /api/feeds/{feedId}: the feed's Auto-draft switch. */
export const handler = httpHandler(
  { workspace: 'write', params: feedParamsSchema, body: updateFeedRequestSchema },
  async ({ params, body, workspace }) => ({
    status: 200,
    body: await setAutoDraft(workspace.workspaceId, params.feedId, body.autoDraft),
  }),
);
