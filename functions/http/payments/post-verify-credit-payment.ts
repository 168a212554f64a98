import { httpHandler } from '#functions/route-kinds';
import { verifyCreditPaymentRequestSchema } from '#shared/schemas/credits';
import { verifyCreditPayment } from '../../services/payments/credit-checkout';

/** POST /api/credits/verify-payment: the return page fulfils (once) and reports the caller's paid session. */
export const handler = httpHandler({ body: verifyCreditPaymentRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await verifyCreditPayment(caller.userId, body.sessionId, new Date()),
}));
