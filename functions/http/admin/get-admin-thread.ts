import * as z from 'zod';
import { httpHandler } from '#functions/route-kinds';
import { getThreadAsAdmin } from '../../services/admin/threads';

/** GET /api/admin/threads/{threadId}: any user's thread, read only. */
export const handler = httpHandler(
  { auth: 'admin', params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ params }) => ({ status: 200, body: await getThreadAsAdmin(params.threadId) }),
);
