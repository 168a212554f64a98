import { httpHandler } from '#functions/route-kinds';
import { scheduledListQuerySchema } from '#shared/schemas/scheduling';
import { listScheduled } from '../../services/scheduling/scheduled-items';

/** GET /api/scheduled?view=upcoming|past: the caller's upcoming items, or the last 30 days of ended ones. */
export const handler = httpHandler({ query: scheduledListQuerySchema }, async ({ query, caller }) => ({
  status: 200,
  body: { items: await listScheduled(caller.userId, query.view, new Date()) },
}));
