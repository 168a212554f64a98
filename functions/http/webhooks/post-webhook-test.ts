import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { testWebhookOperation } from './operations';

/** POST /v1/webhooks/{endpointId}/test (see testWebhookOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  testWebhookOperation,
);
