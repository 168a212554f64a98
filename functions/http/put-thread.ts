import { z } from 'zod';
import { updateThreadRequestSchema } from '../../shared/schemas/thread';
import { httpHandler, userAgentOf } from '../lib/http-handler';
import { saveThreadPosts } from '../services/threads';

/** PUT /api/threads/{threadId}: saves the caller's edited posts. */
export const handler = httpHandler(
  { params: z.object({ threadId: z.string().min(1).max(100) }), body: updateThreadRequestSchema },
  async ({ params, body, caller, event }) => ({
    status: 200,
    body: await saveThreadPosts(
      { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      body,
    ),
  }),
);
