import { httpHandler } from '#functions/route-kinds';
import { createWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { createWebhookOperation } from './operations';

/** POST /v1/webhooks (see createWebhookOperation). */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, body: createWebhookBodySchema },
  createWebhookOperation,
);
