import { httpHandler } from '#functions/route-kinds';
import { postingQueueSchema } from '#shared/schemas/scheduling';
import { saveQueueSettings } from '../../services/scheduling/posting-queue';

/** PUT /api/scheduling/queue: replaces the caller's weekly slots (at most 20) and their time zone. */
export const handler = httpHandler({ workspace: 'write', body: postingQueueSchema }, async ({ body, workspace }) => ({
  status: 200,
  body: await saveQueueSettings(workspace.workspaceId, body, new Date()),
}));
