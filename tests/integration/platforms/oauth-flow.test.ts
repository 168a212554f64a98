import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { startTestTable } from '../../helpers/test-table';

/**
 * The shared OAuth 2.0 pieces every consent-screen platform uses: the authorization URL with PKCE,
 * the code exchange and the refresh against a token endpoint that checks requests as providers do,
 * and the signed state carrying the return path and the flow's context.
 */

const STATE_SECRET = 'a-test-secret-of-at-least-thirty-two-chars!';
let stopTable: (() => Promise<void>) | undefined;
let server: Server;
let tokenUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; form: URLSearchParams }[] = [];

let flow: typeof import('#functions/services/platforms/oauth-flow');
let state: typeof import('#functions/lib/oauth-state');
let spending: typeof import('#functions/services/connections/oauth-state');

beforeAll(async () => {
  ({ stop: stopTable } = await startTestTable());
  process.env.OAUTH_STATE_SECRET = STATE_SECRET;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ headers: request.headers, form });
      const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      };
      // The media type, with or without a charset parameter, as providers read it.
      if (request.headers['content-type']?.split(';')[0] !== 'application/x-www-form-urlencoded')
        return reply(400, { error: 'invalid_request' });
      const basic = request.headers.authorization === `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`;
      const inBody = form.get('client_id') === 'client-1' && form.get('client_secret') === 'secret-1';
      if (!basic && !inBody) return reply(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        if (form.get('code') !== 'good-code' || form.get('redirect_uri') !== 'http://localhost:3000/cb') {
          return reply(400, { error: 'invalid_grant', error_description: 'bad code' });
        }
        if (form.get('code_verifier') !== 'verifier-1') return reply(400, { error: 'invalid_grant' });
        return reply(200, {
          access_token: 'at-1',
          token_type: 'Bearer',
          refresh_token: 'rt-1',
          expires_in: 7200,
          scope: 'a b',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (form.get('refresh_token') === 'revoked') return reply(400, { error: 'invalid_grant' });
        if (form.get('refresh_token') === 'slow') return reply(429, { error: 'slow down' }, { 'retry-after': '7' });
        if (form.get('refresh_token') === 'broken') return reply(503, {});
        // No refresh_token in the answer: the provider does not rotate it.
        return reply(200, { access_token: 'at-2', token_type: 'Bearer', expires_in: 60 });
      }
      reply(400, { error: 'unsupported_grant_type' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/token`;
  flow = await import('#functions/services/platforms/oauth-flow');
  state = await import('#functions/lib/oauth-state');
  spending = await import('#functions/services/connections/oauth-state');
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stopTable?.();
});

const client = { clientId: 'client-1', clientSecret: 'secret-1' };
const now = new Date('2026-11-23T12:00:00Z');

describe('the authorization URL', () => {
  it('carries the client, redirect, scopes, state and the S256 challenge of the verifier', async () => {
    const verifier = await state.pkceVerifier('nonce-1');
    const url = new URL(
      flow.authorizationUrl({
        authorizeUrl: 'https://provider.test/authorize?prompt=consent',
        client,
        redirectUri: 'http://localhost:3000/cb',
        scopes: ['tweet.read', 'offline.access'],
        state: 'the-state',
        codeChallenge: state.pkceChallenge(verifier),
        extraParams: { duration: 'permanent' },
      }),
    );

    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'consent',
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'http://localhost:3000/cb',
      scope: 'tweet.read offline.access',
      state: 'the-state',
      code_challenge: state.pkceChallenge(verifier),
      code_challenge_method: 'S256',
      duration: 'permanent',
    });
    // RFC 7636: 43 to 128 characters of the unreserved set.
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(await state.pkceVerifier('nonce-1')).toBe(verifier);
    expect(await state.pkceVerifier('nonce-2')).not.toBe(verifier);
  });
});

describe('the code exchange', () => {
  it('sends the code, redirect URI and verifier, authenticating with Basic or in the body', async () => {
    for (const clientAuth of ['basic', 'body'] as const) {
      const tokens = await flow.exchangeCode({
        tokenUrl,
        client,
        clientAuth,
        code: 'good-code',
        redirectUri: 'http://localhost:3000/cb',
        codeVerifier: 'verifier-1',
        now,
        platformName: 'Test',
      });

      expect(tokens).toMatchObject({
        accessToken: 'at-1',
        refreshToken: 'rt-1',
        expiresAt: '2026-11-23T14:00:00.000Z',
        scope: 'a b',
      });
    }
    expect(received.at(-2)?.headers.authorization).toMatch(/^Basic /);
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('reports a refused code as a rejection naming the provider, without any secret', async () => {
    const refused = flow.exchangeCode({
      tokenUrl,
      client,
      clientAuth: 'basic',
      code: 'stolen-code',
      redirectUri: 'http://localhost:3000/cb',
      codeVerifier: 'verifier-1',
      now,
      platformName: 'Test',
    });

    await expect(refused).rejects.toThrow(/Test authorization is no longer valid \(bad code\)/);
    await expect(refused).rejects.not.toThrow(/secret-1/);
  });
});

describe('the refresh', () => {
  const refresh = (refreshToken: string) =>
    flow.refreshTokens({ tokenUrl, client, clientAuth: 'basic', refreshToken, now, platformName: 'Test' });

  it('keeps the refresh token when the provider does not rotate it', async () => {
    await expect(refresh('rt-1')).resolves.toMatchObject({
      accessToken: 'at-2',
      refreshToken: 'rt-1',
      expiresAt: '2026-11-23T12:01:00.000Z',
    });
  });

  it('asks for a reconnection when the grant was revoked, waits out a 429, and retries a 5xx later', async () => {
    await expect(refresh('revoked')).rejects.toBeInstanceOf(ReconnectRequiredError);
    const { PlatformRateLimitError, PlatformUnavailableError } = await import(
      '#functions/services/platforms/platform-adapter'
    );
    await expect(refresh('slow')).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(refresh('slow')).rejects.toMatchObject({ retryAfterSeconds: 7 });
    await expect(refresh('broken')).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  it('is due five minutes before expiry', () => {
    expect(flow.expiresSoon('2026-11-23T12:04:00Z', now)).toBe(true);
    expect(flow.expiresSoon('2026-11-23T12:06:00Z', now)).toBe(false);
    expect(flow.expiresSoon(null, now)).toBe(false);
  });
});

describe('the state', () => {
  it('carries the return path and the flow context, signed, and spends once', async () => {
    const issued = await spending.issueOAuthState('user-1', 'mastodon', now, {
      returnPath: '/thread/abc?tab=share',
      context: { instance: 'mastodon.example' },
    });

    const spent = await spending.consumeOAuthState(issued.state, 'mastodon', issued.browserKey, now);

    expect(spent).toEqual({
      userId: 'user-1',
      provider: 'mastodon',
      nonce: issued.nonce,
      returnPath: '/thread/abc?tab=share',
      context: { instance: 'mastodon.example' },
    });
    await expect(spending.consumeOAuthState(issued.state, 'mastodon', issued.browserKey, now)).rejects.toThrow();
  });

  it('is spent only by the browser it was issued to: another key or none spends nothing', async () => {
    const issued = await spending.issueOAuthState('user-1', 'mastodon', now);
    const stranger = await spending.issueOAuthState('user-2', 'mastodon', now);

    await expect(spending.consumeOAuthState(issued.state, 'mastodon', null, now)).rejects.toMatchObject({
      code: 'oauth_browser_mismatch',
    });
    await expect(spending.consumeOAuthState(issued.state, 'mastodon', stranger.browserKey, now)).rejects.toMatchObject({
      code: 'oauth_browser_mismatch',
    });
    const spent = await spending.consumeOAuthState(issued.state, 'mastodon', issued.browserKey, now);
    expect(spent.userId).toBe('user-1');
    await expect(spending.consumeOAuthState(issued.state, 'mastodon', null, now)).rejects.toMatchObject({
      code: 'oauth_state_invalid',
    });
  });

  it('never returns to another site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '']) {
      expect(state.safeReturnPath(path), path).toBe('/account-settings');
    }
    expect(state.safeReturnPath('/thread/123')).toBe('/thread/123');
  });
});
