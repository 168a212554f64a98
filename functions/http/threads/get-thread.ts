import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { threadParamsSchema } from '#shared/schemas/thread';
import { userAgentOf } from '../../lib/http-handler';
import { getThread } from '../../services/threads/threads';

/** GET /api/threads/{threadId}?purpose=detail|restore: one of the caller's threads (the purpose names its security event). */
export const handler = httpHandler(
  {
    params: threadParamsSchema,
    query: z.object({ purpose: z.enum(['detail', 'restore']).default('detail') }),
  },
  async ({ params, query, caller, event }) => ({
    status: 200,
    body: await getThread(
      { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
      query.purpose,
    ),
  }),
);
