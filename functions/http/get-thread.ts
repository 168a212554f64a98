import { z } from 'zod';
import { httpHandler, userAgentOf } from '../lib/http-handler';
import { getThread } from '../services/threads';

/** GET /api/threads/{threadId}: one of the caller's threads. */
export const handler = httpHandler(
  { params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ params, caller, event }) => ({
    status: 200,
    body: await getThread({ userId: caller.userId, userAgent: userAgentOf(event), now: new Date() }, params.threadId),
  }),
);
