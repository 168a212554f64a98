import type Stripe from 'stripe';
import { logger } from '../lib/logger';
import { webhookHandler } from '../lib/webhook-handler';
import { fulfilFromWebhookEvent } from '../services/payments/credit-checkout';
import { stripeAccess } from '../services/payments/stripe-client';
import { verifyStripeEvent } from '../services/payments/stripe-webhook';

/**
 * POST /api/stripe/webhook (`webhook` kind: no JWT, the raw body byte for byte). Stripe's signature
 * over that body, dated within five minutes of now either way, proves the sender; paid Checkout
 * Sessions are fulfilled once, whichever of this and the return page comes first.
 */
export const handler = webhookHandler<Stripe.Event>(
  {
    maxBodyBytes: 256 * 1024,
    verify: async (rawBody, headers) => {
      const access = await stripeAccess();
      const signature = headers['stripe-signature'];
      if (!access || !signature) throw new Error('Stripe is not configured or the signature is missing');
      return verifyStripeEvent(access, rawBody, signature, new Date());
    },
  },
  async ({ payload }) => {
    const { added } = await fulfilFromWebhookEvent(payload, new Date());
    logger.info('stripe event', { type: payload.type, id: payload.id, added });
    return { status: 200, body: { received: true } };
  },
);
