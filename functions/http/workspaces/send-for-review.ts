import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { reviewActor, reviewedThreadRead, sendForReview } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/review: sends the thread, as it is now, for review. */
export const handler = httpHandler(
  {
    workspace: 'write',
    params: threadParamsSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, event, read }) => ({
    status: 200,
    body: await sendForReview(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, read),
  }),
);
