import { httpHandler } from '#functions/route-kinds';
import { feedParamsSchema } from '#shared/schemas/feeds';
import { removeFeed } from '../../services/feeds/feeds';

/** DELETE /api/feeds/{feedId}: stops following the feed and drops its inbox entries. */
export const handler = httpHandler({ workspace: 'write', params: feedParamsSchema }, async ({ params, workspace }) => {
  await removeFeed(workspace.workspaceId, params.feedId);
  return { status: 204 };
});
