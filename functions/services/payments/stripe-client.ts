import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { config } from '../../lib/config';

export interface StripeAccess {
  stripe: Stripe;
  webhookSecret: string;
}

let access: Promise<StripeAccess | null> | undefined;

/**
 * The Stripe client and webhook secret, created once per process, or null when no key is set
 * (locally, where the app's own test checkout takes Stripe's place). In the cloud the keys are
 * read from Secrets Manager at first use, never from plain environment variables.
 */
export function stripeAccess(): Promise<StripeAccess | null> {
  access ??= loadAccess().catch((error: unknown) => {
    // Not cached: the operator may fill in the secret while this process lives.
    access = undefined;
    throw error;
  });
  return access;
}

async function loadAccess(): Promise<StripeAccess | null> {
  const settings = config().stripe;
  const keys = settings.secretArn
    ? await readSecret(settings.secretArn)
    : { secretKey: settings.secretKey, webhookSecret: settings.webhookSecret };
  // Only a process without a secret (local, tests) runs without Stripe; in the cloud that is an error.
  if (!keys.secretKey && settings.secretArn) throw new Error('The Stripe secret has no secretKey yet');
  if (!keys.secretKey) return null;
  if (!keys.webhookSecret)
    throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with a Stripe key');
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(keys.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : ('https' as const) }
      : {}),
  });
  return { stripe, webhookSecret: keys.webhookSecret };
}

async function readSecret(secretArn: string): Promise<{ secretKey?: string; webhookSecret?: string }> {
  const client = new SecretsManagerClient({ region: config().region });
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let parsed: { secretKey?: unknown; webhookSecret?: unknown };
  try {
    parsed = JSON.parse(result.SecretString ?? '{}');
  } catch {
    throw new Error('The Stripe secret is not JSON {"secretKey","webhookSecret"}');
  }
  return {
    secretKey: typeof parsed.secretKey === 'string' ? parsed.secretKey : undefined,
    webhookSecret: typeof parsed.webhookSecret === 'string' ? parsed.webhookSecret : undefined,
  };
}
