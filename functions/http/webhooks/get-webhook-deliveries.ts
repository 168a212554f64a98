import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { webhookDeliveriesOperation } from './operations';

/** GET /v1/webhooks/{endpointId}/deliveries (see webhookDeliveriesOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  webhookDeliveriesOperation,
);
