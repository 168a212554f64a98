import { httpHandler } from '#functions/route-kinds';
import { approveRequestSchema } from '#shared/schemas/review';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { approveThread, reviewActor } from '../../services/review/reviews';

/** POST /api/threads/{threadId}/review/approve: approves the version the reviewer saw. */
export const handler = httpHandler(
  { workspace: 'review', params: threadParamsSchema, body: approveRequestSchema },
  async ({ caller, workspace, params, body, event }) => ({
    status: 200,
    body: await approveThread(reviewActor(caller, workspace, userAgentOf(event)), params.threadId, body.version),
  }),
);
