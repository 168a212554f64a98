import { threadParamsSchema } from '../../shared/schemas/thread';
import { httpHandler } from '../lib/http-handler';
import { getThread } from '../services/threads';

/** GET /api/threads/{threadId}: one of the caller's threads. */
export const handler = httpHandler({ params: threadParamsSchema }, async ({ params, caller }) => ({
  status: 200,
  body: await getThread(caller.userId, params.threadId, new Date()),
}));
