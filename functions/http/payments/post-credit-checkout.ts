import { httpHandler } from '#functions/route-kinds';
import { createCreditCheckoutRequestSchema } from '#shared/schemas/credits';
import { createCreditCheckout } from '../../services/payments/credit-checkout';

/** POST /api/credits/checkout: a checkout for one active package; the browser opens the URL. */
export const handler = httpHandler(
  { workspace: 'billing', body: createCreditCheckoutRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await createCreditCheckout(workspace.workspaceId, body.packageId, new Date()),
  }),
);
