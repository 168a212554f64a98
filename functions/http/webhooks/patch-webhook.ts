import { httpHandler } from '#functions/route-kinds';
import { updateWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { updateWebhook } from '../../services/webhooks/endpoints';

/** PATCH /api/webhooks/{endpointId}: its URL, events, or enabled. */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema, body: updateWebhookBodySchema },
  async ({ params, body, caller, workspace }) => ({
    status: 200,
    body: {
      endpoint: await updateWebhook(
        { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
        params.endpointId,
        body,
      ),
    },
  }),
);
