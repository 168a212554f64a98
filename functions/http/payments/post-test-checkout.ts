import { httpHandler } from '#functions/route-kinds';
import { completeTestCheckoutRequestSchema } from '#shared/schemas/credits';
import { completeTestCheckout } from '../../services/payments/credit-checkout';

/** POST /api/credits/test-checkout: the local test checkout's payment (local stack only). */
export const handler = httpHandler(
  { workspace: 'billing', body: completeTestCheckoutRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await completeTestCheckout(workspace.workspaceId, body, new Date()),
  }),
);
