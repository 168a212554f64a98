import { httpHandler } from '#functions/route-kinds';
import { postingQueueSchema } from '#shared/schemas/scheduling';
import { saveQueueSettings } from '../../services/scheduling/posting-queue';

/** PUT /api/scheduling/queue: replaces the caller's weekly slots (at most 20) and their time zone. */
export const handler = httpHandler({ body: postingQueueSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await saveQueueSettings(caller.userId, body, new Date()),
}));
