import { httpHandler } from '#functions/route-kinds';
import { listFeeds } from '../../services/feeds/feeds';

/** GET /api/feeds: the caller's feeds (title, last check, state) and the auto-draft settings. */
export const handler = httpHandler({ workspace: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await listFeeds(workspace.workspaceId),
}));
