import { httpHandler } from '#functions/route-kinds';
import { newestThread } from '../../services/threads/threads';

/** GET /api/threads/newest: the id of the caller's newest thread, polled by the open history. */
export const handler = httpHandler({ workspace: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await newestThread(workspace.workspaceId),
}));
