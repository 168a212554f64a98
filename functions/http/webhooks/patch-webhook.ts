import { httpHandler } from '#functions/route-kinds';
import { updateWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { webhookOperations } from './operations';

/** PATCH /v1/webhooks/{endpointId} (see webhookOperations.update). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema, body: updateWebhookBodySchema },
  webhookOperations.update,
);
