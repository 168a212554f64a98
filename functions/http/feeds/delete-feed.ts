import { httpHandler } from '#functions/route-kinds';
import { feedParamsSchema } from '#shared/schemas/feeds';
import { removeFeed } from '../../services/feeds/feeds';

/** DELETE /api/feeds/{feedId}: stops following the feed and drops its inbox entries. */
export const handler = httpHandler({ params: feedParamsSchema }, async ({ params, caller }) => {
  await removeFeed(caller.userId, params.feedId);
  return { status: 204 };
});
