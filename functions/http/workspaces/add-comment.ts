import { httpHandler } from '#functions/route-kinds';
import { addCommentRequestSchema } from '#shared/schemas/review';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { addComment, reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/comments: a comment on the thread, or on one of its posts. */
export const handler = httpHandler(
  {
    workspace: 'comment',
    params: threadParamsSchema,
    body: addCommentRequestSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, body, event, read }) => ({
    status: 201,
    body: await addComment(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, body, read),
  }),
);
