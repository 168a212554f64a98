import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#functions/services/public-api/openapi-document';
import { LOCAL_MAIL_FROM } from '#local/mail-catcher';
import { openApiDocumentSchema } from '#shared/schemas/openapi';
import { api, newUser, signIn, signUp } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';
import { mailCatcher } from '../../helpers/mail-catcher';

const ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };

describe('the local stack through real HTTP', () => {
  let stack: StartedStack;

  beforeAll(async () => {
    stack = await startStack({ env: { ADMIN_EMAILS: `admin@threadsnip.local,${ADMIN.email}` } });
  });
  afterAll(async () => {
    await stack?.cleanup();
  });

  it('reports every component healthy', async () => {
    const response = await api(stack.url, '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { table: 'ok', auth: 'ok', queues: 'ok' } });
  });

  it('serves the runtime config the SPA reads', async () => {
    const config = (await (await fetch(`${stack.url}/config.json`)).json()) as Record<string, string>;
    expect(config.mode).toBe('local');
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.userPoolId).toMatch(/^local_/);
    expect(config.authEndpoint).toMatch(/\/local-auth$/);
    expect(config.siteUrl).toBe(stack.url);
  });

  it('catches mail sent through SES in an inbox at the URL it prints', async () => {
    const ses = new SESv2Client({ region: 'us-east-1', endpoint: stack.mailCatcherUrl });
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: LOCAL_MAIL_FROM,
        Destination: { ToAddresses: ['invitee@example.com'] },
        Content: { Simple: { Subject: { Data: 'Join Harbour News' }, Body: { Text: { Data: 'Welcome aboard' } } } },
      }),
    );

    const mail = await mailCatcher(stack.mailCatcherUrl).waitForMail('invitee@example.com');
    expect(mail).toMatchObject({ messageId: sent.MessageId, subject: 'Join Harbour News', text: 'Welcome aboard' });
    expect(stack.output()).toContain(`Mail the app sends (none leaves this machine): ${stack.mailCatcherUrl}`);
    const inbox = await fetch(stack.mailCatcherUrl);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('content-type')).toContain('text/html');
  });

  it('serves the public API at /v1 to an API key made in the app, running the API key authorizer first', async () => {
    const user = await newUser(stack.url);
    const created = await api(stack.url, '/api/api-keys', {
      token: user.tokens.idToken,
      method: 'POST',
      body: { name: 'Local script', scopes: ['read'] },
    });

    const listed = await api(stack.url, '/v1/threads', { headers: { authorization: `Bearer ${created.body.secret}` } });
    const withoutKey = await api(stack.url, '/v1/threads');
    const withToken = await api(stack.url, '/v1/threads', { token: user.tokens.idToken });

    expect(created.status).toBe(201);
    expect(listed).toEqual({ status: 200, body: { threads: [], nextCursor: null } });
    expect(withoutKey.status).toBe(401);
    // A Cognito token is not an API key: refused as a wrong key is, 401 api_key_invalid.
    expect(withToken).toMatchObject({ status: 401, body: { code: 'api_key_invalid' } });
  });

  it('serves the public API OpenAPI document at /v1/openapi.json to anyone, cacheable, as generated from the manifest', async () => {
    const response = await fetch(`${stack.url}/v1/openapi.json`);
    const document = await response.json();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(openApiDocumentSchema.safeParse(document).success).toBe(true);
    expect(document).toEqual(buildOpenApiDocument());
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/threads', '/v1/threads/{threadId}']));
  });

  it('confirms a local sign-up at once and creates the account with 5 free credits', async () => {
    const user = await newUser(stack.url);
    const me = await api(stack.url, '/api/me', { token: user.tokens.idToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: user.email, role: 'user', isAdmin: false });
    expect(me.body.credits).toMatchObject({ freeCredits: 5, paidCredits: 0, availableCredits: 5, usedCredits: 0 });
  });

  it('gives the admin role to emails listed in ADMIN_EMAILS', async () => {
    await signUp(stack.url, ADMIN.email, ADMIN.password);
    const tokens = await signIn(stack.url, ADMIN.email, ADMIN.password);
    const me = await api(stack.url, '/api/me', { token: tokens.idToken });
    expect(me.body).toMatchObject({ role: 'admin', isAdmin: true });
    expect(me.body.credits.freeCredits).toBe(100);
    const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims['cognito:groups']).toContain('admin');
  });

  it('lets the local admin sign in with the printed password', async () => {
    const tokens = await signIn(stack.url, 'admin@threadsnip.local', 'threadsnip-admin');
    const me = await api(stack.url, '/api/me', { token: tokens.idToken });
    expect(me.body.isAdmin).toBe(true);
  });

  it('refuses requests without a token, with a tampered token, or with a foreign issuer', async () => {
    expect(await api(stack.url, '/api/me')).toMatchObject({ status: 401, body: { error: expect.any(String) } });

    const user = await newUser(stack.url);
    const [header, payload, signature] = user.tokens.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await api(stack.url, '/api/me', { token: `${header}.${forged}.${signature}` })).status).toBe(401);

    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
      .setIssuer('http://127.0.0.1:1/local_attacker')
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await api(stack.url, '/api/me', { token: foreign })).status).toBe(401);

    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(privateKey);
    expect((await api(stack.url, '/api/me', { token: expired })).status).toBe(401);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await api(stack.url, '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/No API route/);
    expect(response.body.code).toBe('route_not_found');
  });

  it('refuses malformed, mistyped and oversized bodies with a 400 and changes nothing', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const malformed = await api(stack.url, '/api/me', { token, method: 'DELETE', rawBody: '{"confirmEmail":' });
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: 'Request body is not valid JSON', code: 'invalid_json' },
    });
    const mistyped = await api(stack.url, '/api/me', { token, method: 'DELETE', body: { confirmEmail: 42 } });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.error).toMatch(/confirmEmail/);
    const oversized = await api(stack.url, '/api/me', {
      token,
      method: 'DELETE',
      body: { confirmEmail: user.email, padding: 'x'.repeat(300 * 1024) },
    });
    expect(oversized).toMatchObject({ status: 400, body: { error: expect.stringMatching(/too large/) } });
    const wrongEmail = await api(stack.url, '/api/me', {
      token,
      method: 'DELETE',
      body: { confirmEmail: 'other@example.com' },
    });
    expect(wrongEmail.status).toBe(400);
    // The account is untouched by every refused request.
    expect((await api(stack.url, '/api/me', { token })).body.email).toBe(user.email);
  });

  it('deletes an account and everything in it; the old password no longer works', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    expect((await api(stack.url, '/api/me', { token })).status).toBe(200);
    const deleted = await api(stack.url, '/api/me', {
      token,
      method: 'DELETE',
      body: { confirmEmail: user.email.toUpperCase() },
    });
    expect(deleted.status).toBe(204);
    await expect(signIn(stack.url, user.email, user.password)).rejects.toThrow(/InitiateAuth failed/);
    // The stack prints each handler log line readably, one line each (Lambda prints the JSON).
    const steps = stack
      .output()
      .split('\n')
      .filter((line) => line.includes('account deletion step'));
    expect(steps.length).toBeGreaterThan(0);
    for (const line of steps) {
      expect(line).toMatch(
        /^\d\d:\d\d:\d\d\.\d{3} INFO {2}http-account-delete-me account deletion step correlation_id=\S+ userId=\S+ what=/,
      );
    }
  });
});

describe('a restart of the local stack', () => {
  it('keeps accounts and balances', async () => {
    const first = await startStack();
    try {
      const user = await newUser(first.url);
      const before = await api(first.url, '/api/me', { token: user.tokens.idToken });
      await first.stop();

      const second = await startStack({ dataDir: first.dataDir });
      try {
        const tokens = await signIn(second.url, user.email, user.password);
        const after = await api(second.url, '/api/me', { token: tokens.idToken });
        expect(after.status).toBe(200);
        expect(after.body.userId).toBe(before.body.userId);
        expect(after.body.credits).toEqual(before.body.credits);
      } finally {
        await second.stop();
      }
    } finally {
      await first.cleanup();
    }
  });
});

describe('the local auth endpoint', () => {
  it('enforces the pool password policy as Cognito does', async () => {
    const stack = await startStack();
    try {
      await expect(signUp(stack.url, 'weak@example.com', 'abc')).rejects.toThrow(/InvalidPasswordException/);
      await expect(signIn(stack.url, 'weak@example.com', 'abc')).rejects.toThrow(/InitiateAuth failed/);
    } finally {
      await stack.cleanup();
    }
  });
});
