import Stripe from 'stripe';
import { secretJson } from '../../lib/aws/secrets';
import { config } from '../../lib/config';

export interface StripeAccess {
  stripe: Stripe;
  webhookSecret: string;
}

/** The client built last, with the key it was built for: a new one only when the operator rolls the key. */
let built: { secretKey: string; stripe: Stripe } | undefined;

/**
 * The Stripe client and webhook secret, or null when no key is set (locally, where the app's own
 * test checkout takes Stripe's place). In the cloud the keys are read from Secrets Manager at run
 * time (lib/aws/secrets.ts: cached for minutes, a failed read not cached), never from plain
 * environment variables.
 */
export async function stripeAccess(): Promise<StripeAccess | null> {
  const settings = config().stripe;
  const keys = settings.secretArn
    ? await readSecret(settings.secretArn)
    : { secretKey: settings.secretKey, webhookSecret: settings.webhookSecret };
  // Only a process without a secret (local, tests) runs without Stripe; in the cloud that is an error.
  if (!keys.secretKey && settings.secretArn) throw new Error('The Stripe secret has no secretKey yet');
  if (!keys.secretKey) return null;
  if (!keys.webhookSecret)
    throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with a Stripe key');
  if (built?.secretKey !== keys.secretKey) built = { secretKey: keys.secretKey, stripe: newStripe(keys.secretKey) };
  return { stripe: built.stripe, webhookSecret: keys.webhookSecret };
}

function newStripe(secretKey: string): Stripe {
  const { apiBase } = config().stripe;
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : ('https' as const) }
      : {}),
  });
}

async function readSecret(secretArn: string): Promise<{ secretKey?: string; webhookSecret?: string }> {
  const parsed = await secretJson(secretArn);
  const fields = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return {
    secretKey: typeof fields.secretKey === 'string' ? fields.secretKey : undefined,
    webhookSecret: typeof fields.webhookSecret === 'string' ? fields.webhookSecret : undefined,
  };
}
