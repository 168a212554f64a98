import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { webhookOperations } from './operations';

/** POST /v1/webhooks/{endpointId}/test (see webhookOperations.test). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  webhookOperations.test,
);
