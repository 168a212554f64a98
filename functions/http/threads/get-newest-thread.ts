import { httpHandler } from '#functions/route-kinds';
import { newestThread } from '../../services/threads/threads';

/** GET /api/threads/newest: the id of the caller's newest thread, polled by the open history. */
export const handler = httpHandler({}, async ({ caller }) => ({
  status: 200,
  body: await newestThread(caller.userId),
}));
