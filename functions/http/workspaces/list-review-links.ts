import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { listReviewLinks } from '../../services/review/review-links';
import { reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** GET /api/threads/{threadId}/review-links: the thread's client review links and their states (no tokens). */
export const handler = httpHandler(
  {
    workspace: 'read',
    params: threadParamsSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, event, read }) => ({
    status: 200,
    body: await listReviewLinks(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, read),
  }),
);
