import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { removeWebhookOperation } from './operations';

/** DELETE /v1/webhooks/{endpointId} (see removeWebhookOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  removeWebhookOperation,
);
