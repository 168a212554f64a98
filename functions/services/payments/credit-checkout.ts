import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { creditMessages } from '#shared/messages/credits';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { CreditPackage } from '#shared/schemas/credits';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import {
  fulfilPaidSession,
  getFulfilment,
  getTestCheckoutSession,
  type PaidSession,
  saveTestCheckoutSession,
  type TestCheckoutSession,
} from '../../data/payments-repository';
import { findWorkspace } from '../../data/workspace-repository';
import { config } from '../../lib/config';
import { DomainError, NotFoundError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { MetricUnit, metrics } from '../../lib/metrics';
import { activeCreditPackages } from './credit-packages';
import { stripeAccess } from './stripe-client';

/** Stripe refused or could not be reached: nothing was bought. */
export class PaymentProviderError extends DomainError {
  constructor() {
    super(502, creditMessages.purchaseFailed.description, {}, 'payment_provider_failed');
  }
}

/** Prefix of the local test checkout's session ids (never a Stripe id, which starts `cs_`). */
export const TEST_SESSION_PREFIX = 'test_';

const SESSION_METADATA = ['userId', 'packageId', 'credits'] as const;

async function activePackage(packageId: string): Promise<CreditPackage> {
  const pkg = (await activeCreditPackages()).find((candidate) => candidate.id === packageId);
  if (!pkg) throw new ValidationError('Unknown or inactive credit package', 'credit_package_unavailable');
  return pkg;
}

/** A test checkout completion naming a session not issued to the caller for that package. */
export class CheckoutSessionNotFoundError extends NotFoundError {
  constructor() {
    super(apiErrorMessages.checkout_session_not_found, 'checkout_session_not_found');
  }
}

/**
 * Opens a checkout for a package: a Stripe Checkout Session when Stripe is configured, otherwise
 * the app's own test checkout page, recorded as issued to the caller. Returns the URL the browser
 * opens: Stripe's address, or the test checkout's path, which the SPA opens on its own origin (the
 * one the user is signed in on, `localhost` or `127.0.0.1` alike), never taken from the request.
 */
export async function createCreditCheckout(userId: string, packageId: string, now: Date): Promise<{ url: string }> {
  const pkg = await activePackage(packageId);
  const access = await stripeAccess().catch((error: unknown) => {
    logger.error('stripe unavailable', { error });
    throw new PaymentProviderError();
  });
  if (!access) {
    const sessionId = `${TEST_SESSION_PREFIX}${randomUUID()}`;
    await saveTestCheckoutSession({
      sessionId,
      userId,
      packageId: pkg.id,
      credits: pkg.credits,
      createdAt: now.toISOString(),
    });
    const query = new URLSearchParams({ package_id: pkg.id, session_id: sessionId });
    return { url: `/credits/test-checkout?${query}` };
  }
  const appUrl = config().appPublicUrl.replace(/\/$/, '');
  // A team's purchase names the team, so whoever pays sees whose balance the credits go to.
  const team = isTeamWorkspaceId(userId) ? await findWorkspace(userId) : null;
  try {
    const session = await access.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: pkg.priceCents,
            product_data: {
              name: pkg.name,
              description: team
                ? workspaceMessages.teamCheckoutDescription(pkg.credits, team.name)
                : `${pkg.credits} ThreadSnip credits`,
            },
          },
        },
      ],
      client_reference_id: userId,
      metadata: { userId, packageId: pkg.id, credits: String(pkg.credits) },
      success_url: `${appUrl}/credits?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/credits`,
    });
    if (!session.url) throw new Error('Checkout Session without a URL');
    return { url: session.url };
  } catch (error) {
    logger.error('checkout session failed', { error, packageId });
    throw new PaymentProviderError();
  }
}

/** The paid session a Stripe Checkout Session stands for, or null if unpaid or not one of ours. */
export function paidSessionOf(session: Stripe.Checkout.Session): PaidSession | null {
  if (session.payment_status !== 'paid') return null;
  const metadata = session.metadata ?? {};
  if (SESSION_METADATA.some((name) => !metadata[name])) return null;
  const credits = Number(metadata.credits);
  if (!Number.isInteger(credits) || credits <= 0) return null;
  if (session.client_reference_id && session.client_reference_id !== metadata.userId) return null;
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    userId: String(metadata.userId),
    packageId: String(metadata.packageId),
    credits,
    paymentIntentId: typeof intent === 'string' ? intent : intent?.id,
  };
}

/**
 * Every fulfilment path's one call: the credits are added once per session, and only the call that
 * added them counts the payment (PaymentsFulfilled) and its credits (CreditsPurchased).
 */
async function fulfil(paid: PaidSession, now: Date): Promise<{ added: boolean }> {
  const result = await fulfilPaidSession(paid, now);
  if (result.added) {
    metrics.addMetric('PaymentsFulfilled', MetricUnit.Count, 1);
    metrics.addMetric('CreditsPurchased', MetricUnit.Count, paid.credits);
  }
  return result;
}

/** Fulfils the session of a verified webhook event (`checkout.session.completed` or async success). */
export async function fulfilFromWebhookEvent(event: Stripe.Event, now: Date): Promise<{ added: boolean }> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return { added: false };
  }
  const paid = paidSessionOf(event.data.object);
  if (!paid) return { added: false };
  return fulfil(paid, now);
}

/**
 * The return page's check: the caller's own paid session is fulfilled (if no webhook got there
 * first) and its credits reported. Anything else is a verification failure.
 */
export async function verifyCreditPayment(userId: string, sessionId: string, now: Date): Promise<{ credits: number }> {
  const access = await stripeAccess().catch((error: unknown) => {
    logger.error('stripe unavailable', { error });
    throw new PaymentVerificationError();
  });
  if (!access || sessionId.startsWith(TEST_SESSION_PREFIX)) {
    const done = await getFulfilment(sessionId);
    if (!done || done.userId !== userId) throw new PaymentVerificationError();
    return { credits: done.credits };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await access.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logger.warn('checkout session lookup failed', { error });
    throw new PaymentVerificationError();
  }
  const paid = paidSessionOf(session);
  if (!paid || paid.userId !== userId) throw new PaymentVerificationError();
  await fulfil(paid, now);
  return { credits: paid.credits };
}

/**
 * What completing a test checkout may fulfil: only a session `createCreditCheckout` issued to this
 * user for this package, with the credits it was issued for. Anything else (a made-up id, another
 * user's session, another package) is not found and grants nothing.
 */
export function testCheckoutToFulfil(
  issued: TestCheckoutSession | null,
  request: { userId: string; packageId: string },
): PaidSession {
  if (!issued || issued.userId !== request.userId || issued.packageId !== request.packageId) {
    throw new CheckoutSessionNotFoundError();
  }
  return { sessionId: issued.sessionId, userId: issued.userId, packageId: issued.packageId, credits: issued.credits };
}

/** The local test checkout's 'Complete test payment': the same fulfilment as a Stripe payment. */
export async function completeTestCheckout(
  userId: string,
  input: { sessionId: string; packageId: string },
  now: Date,
): Promise<{ credits: number }> {
  if (await stripeAccess()) throw new ValidationError('The test checkout is off while Stripe is configured');
  const issued = await getTestCheckoutSession(userId, input.sessionId);
  const paid = testCheckoutToFulfil(issued, { userId, packageId: input.packageId });
  await fulfil(paid, now);
  return { credits: paid.credits };
}

export class PaymentVerificationError extends DomainError {
  constructor() {
    super(400, creditMessages.paymentVerificationFailed.description, {}, 'payment_verification_failed');
  }
}
