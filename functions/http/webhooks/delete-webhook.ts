import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { deleteWebhook } from '../../services/webhooks/endpoints';

/** DELETE /api/webhooks/{endpointId}: no more deliveries to it (tries under way are dropped). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  async ({ params, caller, workspace }) => {
    await deleteWebhook(
      { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
      params.endpointId,
    );
    return { status: 204 };
  },
);
