import { httpHandler } from '#functions/route-kinds';
import { inboxQuerySchema } from '#shared/schemas/feeds';
import { listInbox } from '../../services/feeds/feeds';

/** GET /api/inbox: the caller's new articles, newest first (dismissed ones left out). */
export const handler = httpHandler({ query: inboxQuerySchema }, async ({ query, caller }) => ({
  status: 200,
  body: await listInbox(caller.userId, query.limit, query.cursor),
}));
