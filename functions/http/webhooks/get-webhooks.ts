import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { listWebhooks } from '../../services/webhooks/endpoints';

/** GET /api/webhooks: the current workspace's endpoints (never a secret). */
export const handler = httpHandler({ workspace: WEBHOOK_MANAGE_PERMISSION }, async ({ caller, workspace }) => ({
  status: 200,
  body: {
    endpoints: await listWebhooks({ userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() }),
  },
}));
