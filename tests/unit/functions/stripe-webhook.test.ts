import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

const SECRET_KEY = 'sk_test_threadsnip_unit';
const WEBHOOK_SECRET = 'whsec_threadsnip_unit_test';

// The handler reads its configuration once, at first use: Stripe keys set, no table ever reached
// (a refused delivery never gets past the signature check).
Object.assign(process.env, {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  TABLE_NAME: 'threadsnip-unit-never-used',
  APP_PUBLIC_URL: 'http://localhost:3000',
});
const { verifyStripeEvent } = await import('#functions/services/payments/stripe-webhook');
const { WebhookSignatureError } = await import('#functions/lib/errors');
const { handler } = await import('#functions/webhooks/stripe');

const stripe = new Stripe(SECRET_KEY);
const access = { stripe, webhookSecret: WEBHOOK_SECRET };
const payload = JSON.stringify({
  id: 'evt_unit_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_unit', object: 'checkout.session', payment_status: 'paid' } },
});
const NOW = new Date('2026-03-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

function signedAt(timestamp: number, secret = WEBHOOK_SECRET) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

describe('Stripe webhook signatures', () => {
  it('accepts a correctly signed event dated now, or up to 5 minutes either side of our clock', () => {
    for (const offset of [0, -299, 299, 300]) {
      const event = verifyStripeEvent(access, Buffer.from(payload), signedAt(nowSeconds + offset), NOW);
      expect(event.id).toBe('evt_unit_1');
    }
  });

  it('refuses a correctly signed event dated more than 5 minutes ahead', () => {
    const future = signedAt(nowSeconds + 301);
    expect(() => verifyStripeEvent(access, Buffer.from(payload), future, NOW)).toThrow(WebhookSignatureError);
    // The same header is good once the clock reaches it: only its date was wrong.
    const later = new Date((nowSeconds + 301) * 1000);
    expect(verifyStripeEvent(access, Buffer.from(payload), future, later).id).toBe('evt_unit_1');
  });

  it('refuses a future date hidden behind a second, earlier t (Stripe reads the last one)', () => {
    const future = signedAt(nowSeconds + 3600);
    const disguised = `t=${nowSeconds},${future}`;
    expect(() => verifyStripeEvent(access, Buffer.from(payload), disguised, NOW)).toThrow(WebhookSignatureError);
  });

  it('still refuses an event signed more than 5 minutes ago, or with another secret', () => {
    expect(() => verifyStripeEvent(access, Buffer.from(payload), signedAt(nowSeconds - 301), NOW)).toThrow();
    expect(() =>
      verifyStripeEvent(access, Buffer.from(payload), signedAt(nowSeconds, 'whsec_someone_else'), NOW),
    ).toThrow();
  });

  it('answers a correctly signed future-dated delivery 400 webhook_signature_invalid', async () => {
    const tenMinutesAhead = Math.floor(Date.now() / 1000) + 600;
    const response = await handler(
      {
        version: '2.0',
        routeKey: 'POST /api/stripe/webhook',
        rawPath: '/api/stripe/webhook',
        rawQueryString: '',
        headers: { 'content-type': 'application/json', 'stripe-signature': signedAt(tenMinutesAhead) },
        body: payload,
        isBase64Encoded: false,
        requestContext: { http: { method: 'POST', path: '/api/stripe/webhook' } },
      } as never,
      {} as never,
    );

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toEqual({
      error: 'The webhook signature does not match its body.',
      code: 'webhook_signature_invalid',
    });
  });
});
