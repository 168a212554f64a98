import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { threadWebmention } from '../../services/public/public-threads';

/** GET /api/threads/{threadId}/webmention: the owner's view of the thread's public link and Webmention (polled). */
export const handler = httpHandler({ params: threadParamsSchema }, async ({ params, caller, event }) => ({
  status: 200,
  body: await threadWebmention(
    { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
    params.threadId,
  ),
}));
