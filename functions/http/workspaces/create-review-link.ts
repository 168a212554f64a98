import { httpHandler } from '#functions/route-kinds';
import { createReviewLinkSchema } from '#shared/schemas/review-link';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { createReviewLink } from '../../services/review/review-links';
import { reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/**
 * POST /api/threads/{threadId}/review-links: a client review link to the thread as it is now. Editors
 * (`write`) make them: sending a thread out for a client's approval is part of preparing it.
 */
export const handler = httpHandler(
  {
    workspace: 'write',
    params: threadParamsSchema,
    body: createReviewLinkSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, body, event, read }) => ({
    status: 201,
    body: await createReviewLink(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, body, read),
  }),
);
