import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { webhookOperations } from './operations';

/** GET /v1/webhooks (see webhookOperations.list). */
export const handler = httpHandler({ workspace: WEBHOOK_MANAGE_PERMISSION }, webhookOperations.list);
