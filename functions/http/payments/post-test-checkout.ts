import { httpHandler } from '#functions/route-kinds';
import { completeTestCheckoutRequestSchema } from '#shared/schemas/credits';
import { completeTestCheckout } from '../../services/payments/credit-checkout';

/** POST /api/credits/test-checkout: the local test checkout's payment (local stack only). */
export const handler = httpHandler({ body: completeTestCheckoutRequestSchema }, async ({ body, caller }) => ({
  status: 200,
  body: await completeTestCheckout(caller.userId, body, new Date()),
}));
