import { httpHandler } from '#functions/route-kinds';
import { inboxQuerySchema } from '#shared/schemas/feeds';
import { listInbox } from '../../services/feeds/feeds';

/** GET /api/inbox: the caller's new articles, newest first (dismissed ones left out). */
export const handler = httpHandler({ workspace: 'read', query: inboxQuerySchema }, async ({ query, workspace }) => ({
  status: 200,
  body: await listInbox(workspace.workspaceId, query.limit, query.cursor),
}));
