import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { listWebhooksOperation } from './operations';

/** GET /v1/webhooks (see listWebhooksOperation). */
export const handler = httpHandler({ workspace: WEBHOOK_MANAGE_PERMISSION }, listWebhooksOperation);
