import { httpHandler } from '#functions/route-kinds';
import { getQueueSettings } from '../../services/scheduling/posting-queue';

/** GET /api/scheduling/queue: the caller's posting queue (weekly slots and their time zone). */
export const handler = httpHandler({ workspace: 'read' }, async ({ workspace }) => ({
  status: 200,
  body: await getQueueSettings(workspace.workspaceId),
}));
