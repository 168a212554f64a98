import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getPublishStatus } from '../../services/publishing/publish-thread';

/** GET /api/threads/{threadId}/publishing: each platform's live state (pending, posting, completed, failed). */
export const handler = httpHandler({ params: threadParamsSchema }, async ({ params, caller, event }) => ({
  status: 200,
  body: await getPublishStatus(caller.userId, params.threadId, new Date(), userAgentOf(event)),
}));
