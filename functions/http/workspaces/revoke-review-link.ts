import { httpHandler } from '#functions/route-kinds';
import { reviewLinkParamsSchema } from '#shared/schemas/review-link';
import { userAgentOf } from '../../lib/http-handler';
import { revokeReviewLink } from '../../services/review/review-links';
import { reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** DELETE /api/threads/{threadId}/review-links/{linkId}: the link stops working at once. */
export const handler = httpHandler(
  {
    workspace: 'write',
    params: reviewLinkParamsSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, event, read }) => {
    await revokeReviewLink(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, params.linkId, read);
    return { status: 204 };
  },
);
