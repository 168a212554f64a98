import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { rotateWebhookOperation } from '../webhooks/operations';

/** POST /v1/webhooks/{endpointId}/rotate: as the app's route, for a key whose creator manages the workspace's members. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  rotateWebhookOperation,
);
