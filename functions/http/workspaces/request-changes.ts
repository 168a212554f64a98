import { httpHandler } from '#functions/route-kinds';
import { requestChangesRequestSchema } from '#shared/schemas/review';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { requestChanges, reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/review/request-changes: sends the version the reviewer saw back, with a comment. */
export const handler = httpHandler(
  {
    workspace: 'review',
    params: threadParamsSchema,
    body: requestChangesRequestSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, body, event, read }) => ({
    status: 200,
    body: await requestChanges(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, body, read),
  }),
);
