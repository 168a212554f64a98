import { httpHandler } from '#functions/route-kinds';
import { createWebhookBodySchema, WEBHOOK_MANAGE_PERMISSION } from '#shared/schemas/webhooks';
import { createWebhookEndpoint } from '../../services/webhooks/endpoints';

/** POST /api/webhooks: a new endpoint for the current workspace; the answer holds its secret, this once. */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, body: createWebhookBodySchema },
  async ({ body, caller, workspace }) => ({
    status: 201,
    body: await createWebhookEndpoint(
      { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
      body,
    ),
  }),
);
