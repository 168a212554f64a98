import type Stripe from 'stripe';
import { WebhookSignatureError } from '../../lib/errors';
import type { StripeAccess } from './stripe-client';

/**
 * Stripe's default window: a signature more than five minutes old is refused (a replay), and one
 * dated more than five minutes ahead of our clock too (the most clock skew we accept).
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook delivery's `stripe-signature` over the raw body and returns the event. Stripe's
 * library checks only a timestamp's age, so a correctly signed one dated in the future would pass
 * and stay replayable for as long; that is refused here as any other bad signature is.
 */
export function verifyStripeEvent(access: StripeAccess, rawBody: Buffer, signature: string, now: Date): Stripe.Event {
  const event = access.stripe.webhooks.constructEvent(
    rawBody,
    signature,
    access.webhookSecret,
    SIGNATURE_TOLERANCE_SECONDS,
    undefined,
    now.getTime(),
  );
  const signedAt = signedAtSeconds(signature);
  if (signedAt === null || signedAt - Math.floor(now.getTime() / 1000) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError();
  }
  return event;
}

/** The header's `t`, read as Stripe's library reads it (the last `t=` counts), or null. */
function signedAtSeconds(signature: string): number | null {
  let signedAt: number | null = null;
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  return signedAt !== null && Number.isFinite(signedAt) ? signedAt : null;
}
