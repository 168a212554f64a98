import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { SignJWT } from 'jose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteHandler } from '#functions/lib/http-handler';
import { routes } from '#functions/manifest';
import { handlerUrl } from '#tests/helpers/paths';
import { startTestTable } from '../../helpers/test-table';

// Each route kind refuses what it must, through the same middy stacks the Lambdas run.

const STATE_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const WEBHOOK_SECRET = 'whsec_test_route_kinds';

let stopTable: () => Promise<void>;
let lib: {
  http: typeof import('#functions/route-kinds');
  webhook: typeof import('#functions/lib/webhook-handler');
  oauth: typeof import('#functions/route-kinds');
  state: typeof import('#functions/services/connections/oauth-state');
  accounts: typeof import('#functions/data/account-repository');
};

beforeAll(async () => {
  ({ stop: stopTable } = await startTestTable());
  process.env.OAUTH_STATE_SECRET = STATE_SECRET;
  lib = {
    http: await import('#functions/route-kinds'),
    webhook: await import('#functions/lib/webhook-handler'),
    oauth: await import('#functions/route-kinds'),
    state: await import('#functions/services/connections/oauth-state'),
    accounts: await import('#functions/data/account-repository'),
  };
  const now = new Date().toISOString();
  await lib.accounts.createRoleIfMissing('admin-1', 'admin', now);
  await lib.accounts.createRoleIfMissing('user-1', 'user', now);
});

afterAll(async () => {
  await stopTable?.();
});

function event(
  overrides: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> & { claims?: Record<string, unknown> } = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { claims, ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/things' },
      authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined,
    },
    ...rest,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const claimsOf = (sub: string, groups = '[]') => ({
  sub,
  email: `${sub}@example.com`,
  'cognito:username': sub,
  'cognito:groups': groups,
});

async function call(handler: RouteHandler, request: APIGatewayProxyEventV2WithJWTAuthorizer) {
  const result = await handler(request, {} as never);
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined };
}

describe('user routes', () => {
  it('refuse a request without a verified caller with 401 unauthorized', async () => {
    const handler = lib.http.httpHandler({}, async ({ caller }) => ({ status: 200, body: { id: caller.userId } }));

    expect(await call(handler, event())).toEqual({
      status: 401,
      body: { error: 'Authentication required', code: 'unauthorized' },
    });
    expect(await call(handler, event({ claims: claimsOf('user-1') }))).toEqual({ status: 200, body: { id: 'user-1' } });
  });
});

describe('admin routes', () => {
  const handler = () =>
    lib.http.httpHandler({ auth: 'admin' }, async ({ caller }) => ({ status: 200, body: { admin: caller.userId } }));

  it('refuse a regular user with 403 admin_required, even one whose token claims the admin group', async () => {
    const plain = await call(handler(), event({ claims: claimsOf('user-1') }));
    const claimingAdmin = await call(handler(), event({ claims: claimsOf('user-1', '[admin]') }));

    expect(plain.status).toBe(403);
    expect(plain.body.code).toBe('admin_required');
    expect(claimingAdmin.status).toBe(403);
    expect(claimingAdmin.body.code).toBe('admin_required');
  });

  it('refuse a caller without a token with 401 and a caller with no stored role with 403', async () => {
    expect((await call(handler(), event())).body.code).toBe('unauthorized');
    expect((await call(handler(), event({ claims: claimsOf('nobody') }))).body.code).toBe('admin_required');
  });

  it('let a caller whose stored role is admin through', async () => {
    expect(await call(handler(), event({ claims: claimsOf('admin-1') }))).toEqual({
      status: 200,
      body: { admin: 'admin-1' },
    });
  });
});

describe('webhook routes', () => {
  const stripe = new Stripe('sk_test_route_kinds');
  const received: Buffer[] = [];
  const handler = () =>
    lib.webhook.webhookHandler(
      {
        maxBodyBytes: 4096,
        verify: (rawBody, headers) =>
          stripe.webhooks.constructEvent(rawBody, headers['stripe-signature'] ?? '', WEBHOOK_SECRET),
      },
      async ({ rawBody, payload }) => {
        received.push(rawBody);
        return { status: 200, body: { received: payload.id } };
      },
    );
  // Not valid UTF-8 on purpose: only a byte-exact body keeps its signature.
  const payload = Buffer.concat([
    Buffer.from('{"id":"evt_1","object":"event","type":"checkout.session.completed","note":"'),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('"}'),
  ]);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload: payload.toString('latin1'),
    secret: WEBHOOK_SECRET,
  });
  const signed = (body: Buffer, header = signature) =>
    event({ body: body.toString('base64'), isBase64Encoded: true, headers: { 'stripe-signature': header } });

  it('pass the body to the route byte for byte when its signature matches', async () => {
    const stripeSigned = stripe.webhooks.generateTestHeaderString({
      payload: '{"id":"evt_2","object":"event"}',
      secret: WEBHOOK_SECRET,
    });
    const result = await call(handler(), signed(Buffer.from('{"id":"evt_2","object":"event"}'), stripeSigned));

    expect(result).toEqual({ status: 200, body: { received: 'evt_2' } });
  });

  it('refuse a body altered after signing, or one without a signature, with 400 webhook_signature_invalid', async () => {
    const altered = Buffer.from(payload);
    altered[7] = 'X'.charCodeAt(0);
    const before = received.length;

    const tampered = await call(handler(), signed(altered));
    const unsigned = await call(handler(), event({ body: payload.toString('base64'), isBase64Encoded: true }));

    expect(tampered).toEqual({
      status: 400,
      body: { error: 'The webhook signature does not match its body.', code: 'webhook_signature_invalid' },
    });
    expect(unsigned.body.code).toBe('webhook_signature_invalid');
    expect(received).toHaveLength(before);
  });

  it('refuse a body over its own cap before checking anything', async () => {
    const result = await call(handler(), signed(Buffer.alloc(5000, 'a')));

    expect(result.status).toBe(400);
    expect(result.body.code).toBe('payload_too_large');
  });
});

describe('OAuth callback routes', () => {
  const handler = () =>
    lib.oauth.oauthCallbackHandler(
      { provider: 'reddit', query: z.object({ code: z.string().min(1) }) },
      async ({ state, query }) => ({ status: 200, body: { userId: state.userId, code: query.code } }),
    );
  const callback = (query: Record<string, string>, cookies?: string[]) =>
    event({ queryStringParameters: query, cookies });
  const flowCookie = (browserKey: string) => `threadsnip_oauth_reddit=${browserKey}`;

  it('accept a state issued for this provider once, from the browser that started it, and refuse its replay', async () => {
    const { state, browserKey } = await lib.state.issueOAuthState('user-1', 'reddit', new Date());

    const first = await call(handler(), callback({ state, code: 'abc' }, ['theme=dark', flowCookie(browserKey)]));
    const replay = await call(handler(), callback({ state, code: 'abc' }, [flowCookie(browserKey)]));

    expect(first).toEqual({ status: 200, body: { userId: 'user-1', code: 'abc' } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('oauth_state_invalid');
  });

  it("refuse a state from a browser without its flow cookie, or with another flow's, spending nothing", async () => {
    const { state, browserKey } = await lib.state.issueOAuthState('user-1', 'reddit', new Date());
    const other = await lib.state.issueOAuthState('user-2', 'reddit', new Date());
    const mismatch = {
      status: 400,
      body: {
        error:
          'This connection was started in another browser or by another account, so nothing was connected. To connect your own account, sign in to ThreadSnip in this browser and choose Connect again.',
        code: 'oauth_browser_mismatch',
      },
    };

    expect(await call(handler(), callback({ state, code: 'abc' }))).toEqual(mismatch);
    expect(await call(handler(), callback({ state, code: 'abc' }, [flowCookie(other.browserKey)]))).toEqual(mismatch);
    expect(await call(handler(), callback({ state, code: 'abc' }, [`threadsnip_oauth_twitter=${browserKey}`]))).toEqual(
      mismatch,
    );
    const owner = await handler()(callback({ state, code: 'abc' }, [flowCookie(browserKey)]), {} as never);
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies).toEqual([
      'threadsnip_oauth_reddit=; Max-Age=0; Path=/api/things; HttpOnly; Secure; SameSite=Lax',
    ]);
  });

  it('refuse a foreign state: signed with another key, issued for another provider, expired, or missing', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('threadsnip:oauth-state')
      .setSubject('user-1')
      .setAudience('reddit')
      .setJti('guessed-nonce')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-chars'));
    const otherProvider = (await lib.state.issueOAuthState('user-1', 'twitter', new Date())).state;
    const expired = (await lib.state.issueOAuthState('user-1', 'reddit', new Date(Date.now() - 11 * 60_000))).state;

    const queries: Record<string, string>[] = [
      { state: forged, code: 'abc' },
      { state: otherProvider, code: 'abc' },
      { state: expired, code: 'abc' },
      { code: 'abc' },
    ];
    for (const query of queries) {
      const result = await call(handler(), callback(query));
      expect(result, JSON.stringify(query)).toEqual({
        status: 400,
        body: {
          error: 'This sign-in link is invalid or has expired. Please connect again.',
          code: 'oauth_state_invalid',
        },
      });
    }
  });

  it('ignore any token claims: the state alone says whose flow it is', async () => {
    const { state, browserKey } = await lib.state.issueOAuthState('user-1', 'reddit', new Date());

    const result = await call(
      handler(),
      event({
        queryStringParameters: { state, code: 'x' },
        cookies: [flowCookie(browserKey)],
        claims: claimsOf('admin-1'),
      }),
    );

    expect(result.body).toEqual({ userId: 'user-1', code: 'x' });
  });

  it('refuse the state of a user whose account was deleted after the flow began, before the route runs', async () => {
    const { state, browserKey } = await lib.state.issueOAuthState('leaving-1', 'reddit', new Date());
    const { layAccountTombstone } = await import('#functions/data/account-deletion-repository');
    await layAccountTombstone('leaving-1', new Date(), new Date(Date.now() + 3_600_000));

    const result = await call(handler(), callback({ state, code: 'abc' }, [flowCookie(browserKey)]));

    expect(result).toEqual({ status: 401, body: { error: 'This account has been deleted.', code: 'account_deleted' } });
  });
});

describe('the manifest', () => {
  it('lists each route with the kind its handler module is built for', async () => {
    for (const route of routes) {
      const file = handlerUrl(route.handler);
      const module = (await import(/* @vite-ignore */ file)) as { handler: RouteHandler };
      expect(module.handler.kind, `${route.method} ${route.path}`).toBe(route.auth);
      expect(module.handler.workspace, `${route.method} ${route.path}`).toBe(route.workspace);
      expect(module.handler.apiScope, `${route.method} ${route.path}`).toBe(route.apiScope);
    }
  });

  it('declares the schemas of every public API (/v1) route, a response schema unless it answers 204', () => {
    const publicApi = routes.filter((route) => route.auth === 'api-key');
    expect(publicApi.length).toBeGreaterThan(0);
    for (const route of publicApi) {
      const label = `${route.method} ${route.path}`;
      expect(route.schemas, label).toBeDefined();
      expect(route.schemas?.status === 204 || route.schemas?.response !== undefined, label).toBe(true);
      // A route with path parameters validates them; a body route declares its body (an action on
      // one resource, POST …/{id}/<action> such as a webhook's rotate or test, may take none).
      if (route.path.includes('{')) expect(route.schemas?.params, label).toBeDefined();
      const bodylessAction = route.method === 'POST' && /\}\/[a-z-]+$/.test(route.path);
      if ((route.method === 'POST' && !bodylessAction) || route.method === 'PATCH')
        expect(route.schemas?.body, label).toBeDefined();
    }
  });
});
