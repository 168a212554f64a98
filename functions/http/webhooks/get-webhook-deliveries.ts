import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { listDeliveries } from '../../services/webhooks/endpoints';

/** GET /api/webhooks/{endpointId}/deliveries: its last tries, newest first, with the answers. */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  async ({ params, caller, workspace }) => ({
    status: 200,
    body: {
      deliveries: await listDeliveries(
        { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
        params.endpointId,
      ),
    },
  }),
);
