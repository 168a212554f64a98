import { httpHandler } from '#functions/route-kinds';
import { inboxQuerySchema } from '#shared/schemas/feeds';
import { listInbox } from '../../services/feeds/feeds';

/** GET /v1/inbox?limit=&cursor=: one page of new articles, as GET /api/inbox answers. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', query: inboxQuerySchema },
  async ({ query, workspace }) => ({
    status: 200,
    body: await listInbox(workspace.workspaceId, query.limit, query.cursor),
  }),
);
