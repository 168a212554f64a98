import type Stripe from 'stripe';
import { ValidationError } from '../lib/errors';
import { httpHandler } from '../lib/http-handler';
import { logger } from '../lib/logger';
import { fulfilFromWebhookEvent } from '../services/payments/credit-checkout';
import { stripeAccess } from '../services/payments/stripe-client';

/** Stripe's default: signatures older than five minutes are refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * POST /api/stripe/webhook: no JWT; Stripe's signature over the raw body proves the sender.
 * Paid Checkout Sessions are fulfilled once, whichever of this and the return page comes first.
 */
export const handler = httpHandler({ auth: 'public' }, async ({ event }) => {
  const access = await stripeAccess();
  if (!access) throw new ValidationError('Stripe is not configured');
  const signature = event.headers['stripe-signature'];
  if (!signature || !event.body) throw new ValidationError('Missing Stripe signature');
  const raw = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = access.stripe.webhooks.constructEvent(
      raw,
      signature,
      access.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw new ValidationError('Invalid Stripe signature');
  }
  const { added } = await fulfilFromWebhookEvent(stripeEvent, new Date());
  logger.info('stripe event', { type: stripeEvent.type, id: stripeEvent.id, added });
  return { status: 200, body: { received: true } };
});
