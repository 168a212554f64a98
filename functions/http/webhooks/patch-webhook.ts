import { httpHandler } from '#functions/route-kinds';
import { updateWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { updateWebhookOperation } from './operations';

/** PATCH /v1/webhooks/{endpointId} (see updateWebhookOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema, body: updateWebhookBodySchema },
  updateWebhookOperation,
);
