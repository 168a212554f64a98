import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { userAgentOf } from '../../lib/http-handler';
import { deleteThreadAsAdmin } from '../../services/admin/threads';

/** DELETE /api/admin/threads/{threadId}: deletes any user's thread for good. */
export const handler = httpHandler(
  { auth: 'admin', params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ params, caller, event }) => {
    await deleteThreadAsAdmin(
      { userId: caller.userId, userAgent: userAgentOf(event), now: new Date() },
      params.threadId,
    );
    return { status: 204 };
  },
);
