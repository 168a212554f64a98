import { httpHandler } from '#functions/route-kinds';
import { createCreditCheckoutRequestSchema } from '#shared/schemas/credits';
import { createCreditCheckout } from '../../services/payments/credit-checkout';

/** POST /api/credits/checkout: a checkout for one active package; the browser opens the URL. */
export const handler = httpHandler({ body: createCreditCheckoutRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await createCreditCheckout(caller.userId, body.packageId, new Date()),
}));
