import { httpHandler } from '#functions/route-kinds';
import { addFeedRequestSchema } from '#shared/schemas/feeds';
import { addFeed } from '../../services/feeds/add-feed';

/** POST /api/feeds: follows a feed by its URL or its site's URL; its entries are in the inbox on return. */
export const handler = httpHandler({ workspace: 'write', body: addFeedRequestSchema }, async ({ body, workspace }) => ({
  status: 201,
  body: await addFeed(workspace.workspaceId, body.url, new Date()),
}));
