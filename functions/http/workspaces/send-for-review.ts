import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { reviewActor, sendForReview } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/review: sends the thread, as it is now, for review. */
export const handler = httpHandler(
  { workspace: 'write', params: threadParamsSchema },
  async ({ caller, workspace, params, event }) => ({
    status: 200,
    body: await sendForReview(reviewActor(caller, workspace, userAgentOf(event)), params.threadId),
  }),
);
