import { httpHandler } from '#functions/route-kinds';
import { WEBHOOK_MANAGE_PERMISSION, webhookParamsSchema } from '#shared/schemas/webhooks';
import { sendTestEvent } from '../../services/webhooks/endpoints';

/** POST /api/webhooks/{endpointId}/test: sends a signed webhook.test now; answers with the receiver's answer. */
export const handler = httpHandler(
  { workspace: WEBHOOK_MANAGE_PERMISSION, params: webhookParamsSchema },
  async ({ params, caller, workspace }) => ({
    status: 200,
    body: {
      delivery: await sendTestEvent(
        { userId: caller.userId, workspaceId: workspace.workspaceId, now: new Date() },
        params.endpointId,
      ),
    },
  }),
);
