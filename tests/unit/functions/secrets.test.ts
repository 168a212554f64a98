import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeSecretsManager } from '../../fakes/secrets-manager-server';

/**
 * The one Secrets Manager loader (functions/lib/aws/secrets.ts) and the readers built on it, as
 * the cloud runs them: every value comes from a loopback Secrets Manager at run time.
 */

const fake = await startFakeSecretsManager();
const ARN = {
  tokenKey: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:token-key-AbCdEf',
  stripe: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:stripe-AbCdEf',
  platformClients: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:platform-clients-AbCdEf',
};
Object.assign(process.env, {
  TABLE_NAME: 't',
  APP_PUBLIC_URL: 'http://localhost:3000',
  SECRETS_MANAGER_ENDPOINT: fake.url,
  API_KEYS_SECRET_NAME: 'threadsnip/test',
  API_KEYS_SECRET_KEYS: 'OPENAI_API_KEY',
  TOKEN_KEY_SECRET_ARN: ARN.tokenKey,
  STRIPE_SECRET_ARN: ARN.stripe,
  PLATFORM_CLIENTS_SECRET_ARN: ARN.platformClients,
});
const { apiKey, SECRET_MAX_AGE_SECONDS, secretJson, secretString } = await import('#functions/lib/aws/secrets');
const { openAiSettings } = await import('#functions/lib/openai-settings');
const { platformClient } = await import('#functions/services/platforms/platform-clients');
const { openToken, sealToken } = await import('#functions/services/connections/token-vault');
const { stripeAccess } = await import('#functions/services/payments/stripe-client');

let now = Date.parse('2026-11-23T12:00:00Z');
/** Moves the clock the cache reads past a whole max age, so the next read asks Secrets Manager again. */
function letCacheExpire() {
  now += (SECRET_MAX_AGE_SECONDS + 1) * 1000;
  vi.setSystemTime(now);
}

beforeEach(() => {
  // Only Date is faked: the cache's clock moves on command, sockets and timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  letCacheExpire();
  fake.requests.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await fake.close();
});

describe('the Secrets Manager loader', () => {
  it('reads a secret once per max age, then again, seeing the value the operator rolled', async () => {
    fake.secrets.set('plain', 'first');

    expect(await secretString('plain')).toBe('first');
    fake.secrets.set('plain', 'second');
    expect(await secretString('plain')).toBe('first');
    expect(fake.requests).toEqual(['plain']);

    letCacheExpire();
    expect(await secretString('plain')).toBe('second');
    expect(fake.requests).toEqual(['plain', 'plain']);
  });

  it('does not cache a failed read: the secret the operator adds later is read at the next call', async () => {
    await expect(secretString('added-later')).rejects.toThrow("can't find the specified secret");
    fake.secrets.set('added-later', 'now-set');

    expect(await secretString('added-later')).toBe('now-set');
    expect(fake.requests).toEqual(['added-later', 'added-later']);
  });

  it('parses a JSON secret, and names the secret but never quotes it when it is not JSON', async () => {
    fake.secrets.set('json', '{"a":1}');
    fake.secrets.set('broken', 'hunter2-not-json');

    expect(await secretJson('json')).toEqual({ a: 1 });
    const failure = secretJson('broken');
    await expect(failure).rejects.toThrow('The secret broken is not JSON');
    await expect(failure).rejects.not.toThrow('hunter2');
  });
});

describe('the API keys secret', () => {
  it('gives a function the keys it declares, and refuses the others', async () => {
    fake.secrets.set(
      'threadsnip/test',
      JSON.stringify({ OPENAI_API_KEY: 'sk-live', OAUTH_STATE_SECRET: 'x'.repeat(40) }),
    );

    expect(await apiKey('OPENAI_API_KEY')).toBe('sk-live');
    expect(await openAiSettings()).toEqual({ apiKey: 'sk-live', baseURL: undefined, model: 'gpt-4.1-mini' });
    await expect(apiKey('OAUTH_STATE_SECRET')).rejects.toThrow('does not declare the secret key OAUTH_STATE_SECRET');
    expect(fake.requests).toEqual(['threadsnip/test']);
  });

  it('leaves a key the operator has not set undefined: the offline generator runs', async () => {
    fake.secrets.set('threadsnip/test', JSON.stringify({ GOOGLE_CLIENT_SECRET: 'g' }));

    expect(await openAiSettings()).toBeUndefined();
  });
});

describe('the readers on the one loader', () => {
  it('seals and opens platform tokens with the key secret, read once for many tokens', async () => {
    fake.secrets.set(ARN.tokenKey, randomBytes(48).toString('base64url'));

    const sealed = await sealToken('bot-token', 'user-1#telegram#access');
    expect(await openToken(sealed, 'user-1#telegram#access')).toBe('bot-token');
    expect(fake.requests).toEqual([ARN.tokenKey]);
  });

  it('reads the platform apps, an entry that does not parse counting as not configured', async () => {
    fake.secrets.set(
      ARN.platformClients,
      JSON.stringify({ twitter: { clientId: 'tw-id', clientSecret: 'tw-secret' }, reddit: { clientSecret: 'no-id' } }),
    );

    expect(await platformClient('twitter')).toEqual({ clientId: 'tw-id', clientSecret: 'tw-secret' });
    expect(await platformClient('reddit')).toBeNull();
    expect(fake.requests).toEqual([ARN.platformClients]);
  });

  it('builds the Stripe client once, and again only when the operator rolls the key', async () => {
    fake.secrets.set(ARN.stripe, '{}');
    await expect(stripeAccess()).rejects.toThrow('The Stripe secret has no secretKey yet');

    letCacheExpire();
    fake.secrets.set(ARN.stripe, JSON.stringify({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' }));
    const first = await stripeAccess();
    expect(first?.webhookSecret).toBe('whsec_1');
    expect((await stripeAccess())?.stripe).toBe(first?.stripe);

    letCacheExpire();
    fake.secrets.set(ARN.stripe, JSON.stringify({ secretKey: 'sk_test_2', webhookSecret: 'whsec_2' }));
    const rolled = await stripeAccess();
    expect(rolled?.stripe).not.toBe(first?.stripe);
    expect(rolled?.webhookSecret).toBe('whsec_2');
    expect(fake.requests).toEqual([ARN.stripe, ARN.stripe, ARN.stripe]);
  });
});
