import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { webhookDeliveriesOperation } from '../webhooks/operations';

/** GET /v1/webhooks/{endpointId}/deliveries: as the app's route, for a key whose creator manages the workspace's members. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  webhookDeliveriesOperation,
);
