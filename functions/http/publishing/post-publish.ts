import { httpHandler } from '#functions/route-kinds';
import { publishRequestSchema } from '#shared/schemas/publishing';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { requestPublish } from '../../services/publishing/publish-thread';

/** POST /api/threads/{threadId}/publish: queues one message per platform; answers each platform's state. */
export const handler = httpHandler(
  { body: publishRequestSchema, params: threadParamsSchema },
  async ({ body, params, caller, event }) => ({
    status: 202,
    body: await requestPublish(caller.userId, params.threadId, body, new Date(), userAgentOf(event)),
  }),
);
