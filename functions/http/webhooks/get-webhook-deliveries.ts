import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { webhookOperations } from './operations';

/** GET /v1/webhooks/{endpointId}/deliveries (see webhookOperations.deliveries). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  webhookOperations.deliveries,
);
