import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { listWebhooksOperation } from '../webhooks/operations';

/** GET /v1/webhooks: as the app's route, for a key whose creator manages the workspace's members. */
export const handler = httpHandler(
  { auth: 'api-key', apiScope: 'read', workspace: WEBHOOK_MANAGE_PERMISSION },
  listWebhooksOperation,
);
