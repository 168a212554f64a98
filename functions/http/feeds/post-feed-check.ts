import { httpHandler } from '#functions/route-kinds';
import { feedParamsSchema } from '#shared/schemas/feeds';
import { checkFeedNow } from '../../services/feeds/feeds';

/** POST /api/feeds/{feedId}/check: 'Check now' (queued; at most once per 5 minutes, 429 otherwise). */
export const handler = httpHandler({ params: feedParamsSchema }, async ({ params, caller }) => {
  await checkFeedNow(caller.userId, params.feedId, new Date());
  return { status: 202, body: { queued: true } };
});
