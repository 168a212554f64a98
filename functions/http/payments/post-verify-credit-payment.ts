import { httpHandler } from '#functions/route-kinds';
import { verifyCreditPaymentRequestSchema } from '#shared/schemas/credits';
import { verifyCreditPayment } from '../../services/payments/credit-checkout';

/** POST /api/credits/verify-payment: the return page fulfils (once) and reports the caller's paid session. */
export const handler = httpHandler(
  { workspace: 'billing', body: verifyCreditPaymentRequestSchema },
  async ({ body, workspace }) => ({
    status: 200,
    body: await verifyCreditPayment(workspace.workspaceId, body.sessionId, new Date()),
  }),
);
