import { httpHandler } from '#functions/route-kinds';
import { listFeeds } from '../../services/feeds/feeds';

/** GET /v1/feeds: the key's workspace's feeds and auto-draft settings, as GET /api/feeds answers. */
export const handler = httpHandler({ auth: 'api-key', apiScope: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await listFeeds(workspace.workspaceId),
}));
