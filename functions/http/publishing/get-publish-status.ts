import { z } from 'zod';
import { httpHandler } from '../../lib/http-handler';
import { getPublishStatus } from '../../services/publishing/publish-thread';

/** GET /api/threads/{threadId}/publishing: each platform's live state (pending, posting, completed, failed). */
export const handler = httpHandler(
  { params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ params, caller }) => ({
    status: 200,
    body: await getPublishStatus(caller.userId, params.threadId, new Date()),
  }),
);
