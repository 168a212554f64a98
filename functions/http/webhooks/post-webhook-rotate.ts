import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { rotateWebhookSecret } from '../../services/webhooks/endpoints';

/** POST /api/webhooks/{endpointId}/rotate: a new secret, shown once; the old one signs too during the overlap. */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  async ({ params, caller, workspace }) => ({
    status: 200,
    body: await rotateWebhookSecret(
      { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
      params.endpointId,
    ),
  }),
);
