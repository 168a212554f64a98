import { httpHandler } from '#functions/route-kinds';
import { approveRequestSchema } from '#shared/schemas/review';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { approveThread, reviewActor, reviewedThreadRead } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/review/approve: approves the version the reviewer saw. */
export const handler = httpHandler(
  {
    workspace: 'review',
    params: threadParamsSchema,
    body: approveRequestSchema,
    // The thread is read with the membership check, in one BatchGetItem.
    firstRead: ({ params, workspaceId }) => reviewedThreadRead(workspaceId, params.threadId),
  },
  async ({ caller, workspace, params, body, event, read }) => ({
    status: 200,
    body: await approveThread(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, body.version, read),
  }),
);
