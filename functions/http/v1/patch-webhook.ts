import { httpHandler } from '#functions/route-kinds';
import { updateWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { updateWebhookOperation } from '../webhooks/operations';

/** PATCH /v1/webhooks/{endpointId}: as the app's route, for a key whose creator manages the workspace's members. */
export const handler = httpHandler(
  {
    auth: 'api-key',
    apiScope: 'threads:write',
    workspace: WEBHOOK_MANAGE_PERMISSION,
    params: webhookParamsSchema,
    body: updateWebhookBodySchema,
  },
  updateWebhookOperation,
);
