import { httpHandler } from '#functions/route-kinds';
import { feedParamsSchema } from '#shared/schemas/feeds';
import { checkFeedNow } from '../../services/feeds/feeds';

/** POST /api/feeds/{feedId}/check: 'Check now' (queued; at most once per 5 minutes, 429 otherwise). */
export const handler = httpHandler({ workspace: 'write', params: feedParamsSchema }, async ({ params, workspace }) => {
  await checkFeedNow(workspace.workspaceId, params.feedId, new Date());
  return { status: 202, body: { queued: true } };
});
