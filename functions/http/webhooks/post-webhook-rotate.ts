import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { rotateWebhookOperation } from './operations';

/** POST /v1/webhooks/{endpointId}/rotate (see rotateWebhookOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  rotateWebhookOperation,
);
