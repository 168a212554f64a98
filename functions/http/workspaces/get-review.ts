import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { describeReview, reviewActor } from '../../services/review/reviews';

/** GET /api/threads/{threadId}/review: the thread's review state, the version approved and its comments. */
export const handler = httpHandler(
  { workspace: 'read', params: threadParamsSchema },
  async ({ caller, workspace, params, event }) => ({
    status: 200,
    body: await describeReview(reviewActor(caller, workspace, userAgentOf(event)), params.threadId),
  }),
);
