import { z } from 'zod';
import { httpHandler, userAgentOf } from '../lib/http-handler';
import { deleteThread } from '../services/threads';

/** DELETE /api/threads/{threadId}: deletes one of the caller's threads for good. */
export const handler = httpHandler(
  { params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ params, caller, event }) => {
    await deleteThread({ userId: caller.userId, userAgent: userAgentOf(event), now: new Date() }, params.threadId);
    return { status: 204 };
  },
);
