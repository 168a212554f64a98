import { threadParamsSchema, updateThreadRequestSchema } from '../../shared/schemas/thread';
import { httpHandler } from '../lib/http-handler';
import { saveThreadPosts } from '../services/threads';

/** PUT /api/threads/{threadId}: saves the caller's edited posts. */
export const handler = httpHandler(
  { params: threadParamsSchema, body: updateThreadRequestSchema },
  async ({ params, body, caller }) => ({
    status: 200,
    body: await saveThreadPosts(caller.userId, params.threadId, body, new Date()),
  }),
);
