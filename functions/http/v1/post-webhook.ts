import { httpHandler } from '#functions/route-kinds';
import { createWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { createWebhookOperation } from '../webhooks/operations';

/** POST /v1/webhooks: as the app's route, for a key whose creator manages the workspace's members. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'threads:write', workspace: WEBHOOK_MANAGE_PERMISSION, body: createWebhookBodySchema },
  createWebhookOperation,
);
