import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { describeReview, reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** GET /api/threads/{threadId}/review: the thread's review state, the version approved and its comments. */
export const handler = httpHandler(
  {
    workspace: 'read',
    params: threadParamsSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, event, read }) => ({
    status: 200,
    body: await describeReview(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, read),
  }),
);
