import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '#functions/manifest';
import { createApiBridge } from '#local/api-bridge';

// Handler paths are relative to functions/, so the fixture is reached from there.
const DIGEST = '../tests/fixtures/handlers/raw-body-digest';
const COOKIE_ECHO = '../tests/fixtures/handlers/cookie-echo';
const bridgeRoutes: RouteEntry[] = [
  { method: 'POST', path: '/api/webhooks/test', handler: DIGEST, auth: 'webhook', access: {} },
  { method: 'GET', path: '/api/admin/test', handler: DIGEST, auth: 'admin', access: {} },
  { method: 'GET', path: '/api/user/test', handler: DIGEST, auth: 'user', access: {} },
  { method: 'GET', path: '/api/cookies/test', handler: COOKIE_ECHO, auth: 'public', access: {} },
];

let server: Server;
let base: string;

beforeAll(async () => {
  const bridge = createApiBridge(bridgeRoutes, async () => {
    throw new Error('no token is valid here');
  });
  server = createServer((req, res) => void bridge(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the local API bridge serves each route kind as API Gateway does', () => {
  it('passes a webhook body byte for byte, with no token required, even when it is not valid UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('{"note":"'), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from('"}')]);

    const response = await fetch(`${base}/api/webhooks/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer forged' },
      body: bytes,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), claims: null });
  });

  it('refuses user and admin routes without a valid token before their handler runs', async () => {
    for (const path of ['/api/admin/test', '/api/user/test']) {
      const missing = await fetch(`${base}${path}`);
      const invalid = await fetch(`${base}${path}`, { headers: { authorization: 'Bearer not-a-jwt' } });

      expect(missing.status, path).toBe(401);
      expect(await missing.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
      expect(invalid.status, path).toBe(401);
      expect((await invalid.json()).code).toBe('unauthorized');
    }
  });

  it("passes cookies as payload 2.0 does: the request's as the event's `cookies`, the answer's as one Set-Cookie each", async () => {
    const response = await fetch(`${base}/api/cookies/test`, { headers: { cookie: 'theme=dark; flow=xyz' } });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cookies: ['theme=dark', 'flow=xyz'] });
    expect(response.headers.getSetCookie()).toEqual([
      'flow=abc; Max-Age=600; Path=/api/cookies/test; HttpOnly; Secure; SameSite=Lax',
      'other=1; Path=/',
    ]);
  });
});
