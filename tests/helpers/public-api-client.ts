import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { expect } from 'vitest';
import { routes } from '../../functions/manifest';
import { createApiBridge } from '../../local/api-bridge';
import type { ApiKeyScope } from '../../shared/schemas/api-keys';

/** What a request through the bridge answered: status, headers and parsed JSON body (null for 204). */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered and assert on it
export type BridgeAnswer = { status: number; headers: Headers; body: any };

/**
 * The app's API (/api, a Cognito-like token) and the public API (/v1, an API key) in this test process,
 * through the local bridge, which runs the same API key authorizer the gateway runs. Needs the table
 * (and whatever the routes called use) started first.
 */
export async function startPublicApiBridge() {
  const keyPair = await generateKeyPair('RS256');
  const bridge = createApiBridge(routes, async (token) => (await jwtVerify(token, keyPair.publicKey)).payload);
  const server = createServer((req, res) => void bridge(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;

  async function send(path: string, method: string, headers: Record<string, string>, body: unknown) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  return {
    /** A new user with a signed token (their account is made by their first /api request). */
    async newUser() {
      counter++;
      const userId = `keyholder-${counter}-${Math.random().toString(36).slice(2, 8)}`;
      const token = await new SignJWT({ sub: userId, email: `${userId}@example.com`, 'cognito:username': userId })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(keyPair.privateKey);
      return { userId, email: `${userId}@example.com`, token };
    },

    /** A request to the app's API with a user's token (`workspaceId`: the x-workspace-id header). */
    app(token: string, method: string, path: string, body?: unknown, workspaceId?: string): Promise<BridgeAnswer> {
      return send(
        path,
        method,
        { authorization: `Bearer ${token}`, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
        body,
      );
    },

    /** A request to the public API with a key (or none); a string body is sent as it is. */
    v1(
      path: string,
      secret?: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<BridgeAnswer> {
      return send(
        path,
        init.method ?? 'GET',
        { ...init.headers, ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
        init.body,
      );
    },

    /** A key made in the app by `token`'s user, in their personal workspace or `workspaceId`. */
    async createKey(token: string, scopes: ApiKeyScope[], workspaceId?: string) {
      const created = await send(
        '/api/api-keys',
        'POST',
        { authorization: `Bearer ${token}`, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
        { name: 'Newsroom CMS', scopes },
      );
      expect(created.status).toBe(201);
      return created.body as { key: { id: string; prefix: string }; secret: string };
    },

    /** Where the bridge listens (`http://127.0.0.1:<port>`): the API base a program is given. */
    baseUrl,

    /** A number that grows with each user made, to keep seeded ids apart. */
    get counter() {
      return counter;
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Holds an answer to the contract its route declares in the manifest (`schemas`): the success status,
 * and a body the response schema accepts. `routeKey` is `METHOD /path/{template}`.
 */
export function expectAnswerMatchesContract(routeKey: string, answer: BridgeAnswer): void {
  const contract = routes.find((route) => `${route.method} ${route.path}` === routeKey)?.schemas;
  expect(contract, routeKey).toBeDefined();
  expect(answer.status, routeKey).toBe(contract?.status);
  const parsed = contract?.response?.safeParse(answer.body);
  expect(parsed?.error?.issues ?? [], routeKey).toEqual([]);
}
