import { httpHandler } from '#functions/route-kinds';
import { addFeedRequestSchema } from '#shared/schemas/feeds';
import { addFeed } from '../../services/feeds/add-feed';

/** POST /api/feeds: follows a feed by its URL or its site's URL; its entries are in the inbox on return. */
export const handler = httpHandler({ body: addFeedRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await addFeed(caller.userId, body.url, new Date()),
}));
