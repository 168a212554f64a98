import { z } from 'zod';
import { publishRequestSchema } from '../../../shared/schemas/publishing';
import { httpHandler } from '../../lib/http-handler';
import { requestPublish } from '../../services/publishing/publish-thread';

/** POST /api/threads/{threadId}/publish: queues one message per platform; answers each platform's state. */
export const handler = httpHandler(
  { body: publishRequestSchema, params: z.object({ threadId: z.string().min(1).max(100) }) },
  async ({ body, params, caller }) => ({
    status: 202,
    body: await requestPublish(caller.userId, params.threadId, body, new Date()),
  }),
);
