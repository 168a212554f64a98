import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlockedAddressError } from '#functions/lib/outbound/host-guard';
import { publicOnlyFetch } from '#functions/lib/outbound/public-only-fetch';

// A loopback API that records what reaches it and answers by path.
let server: Server;
let port: number;
let received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/elsewhere' }).end();
      } else if (request.url === '/empty') {
        response.writeHead(204).end();
      } else {
        response.writeHead(201, { 'content-type': 'application/json', 'x-ratelimit-remaining': '299' });
        response.end(JSON.stringify({ echoed: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
});

describe('publicOnlyFetch (API calls to hosts a user names)', () => {
  it('refuses a name that resolves to a private address, sending nothing', async () => {
    const guarded = publicOnlyFetch([], 2_000);
    const refusal = await guarded(`https://localhost:${port}/api/v1/apps`, { method: 'POST' }).catch((error) => error);
    expect(refusal).toBeInstanceOf(BlockedAddressError);
    expect((refusal as BlockedAddressError).reason).toBe('a loopback (this machine) address');
    expect(received).toEqual([]);
  });

  it('refuses plain http to a host not allowed, before any lookup', async () => {
    const guarded = publicOnlyFetch([], 2_000);
    const refusal = await guarded('http://pds.example.com/xrpc/com.atproto.server.createSession').catch((e) => e);
    expect(refusal).toBeInstanceOf(BlockedAddressError);
    expect((refusal as BlockedAddressError).reason).toBe('an unencrypted (http) address');
  });

  it('refuses a private IP literal before connecting', async () => {
    const guarded = publicOnlyFetch([], 2_000);
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(
      `This link points to a loopback (this machine) address (127.0.0.1), which cannot be fetched for security reasons.`,
    );
    await expect(guarded('http://[::ffff:10.0.0.1]/')).rejects.toBeInstanceOf(BlockedAddressError);
    expect(received).toEqual([]);
  });

  it('sends JSON and form bodies as fetch would to an allowed host, and answers as a Response', async () => {
    const guarded = publicOnlyFetch([`127.0.0.1:${port}`], 2_000);
    const json = await guarded(`http://127.0.0.1:${port}/api/v1/statuses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token-1', 'idempotency-key': 'run-0' },
      body: JSON.stringify({ status: 'Boats return before sunrise. 🌊' }),
    });
    expect(json.status).toBe(201);
    expect(json.headers.get('x-ratelimit-remaining')).toBe('299');
    expect(await json.json()).toEqual({ echoed: JSON.stringify({ status: 'Boats return before sunrise. 🌊' }) });
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { authorization: 'Bearer token-1', 'idempotency-key': 'run-0', 'content-type': 'application/json' },
    });

    await guarded(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'a b' }),
    });
    expect(received[1]?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(received[1]?.body).toBe('grant_type=authorization_code&code=a+b');
  });

  it('answers a redirect without following it, and an empty answer with no body', async () => {
    const guarded = publicOnlyFetch([`127.0.0.1:${port}`], 2_000);
    const moved = await guarded(`http://127.0.0.1:${port}/moved`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/elsewhere');
    const empty = await guarded(`http://127.0.0.1:${port}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(received.map((request) => request.url)).toEqual(['/moved', '/empty']);
  });

  it('keeps a path-limited allowance to its path', async () => {
    const guarded = publicOnlyFetch([`127.0.0.1:${port}/samples/`], 2_000);
    expect((await guarded(`http://127.0.0.1:${port}/samples/harbour.html`)).status).toBe(201);
    await expect(guarded(`http://127.0.0.1:${port}/api/me`)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(received.map((request) => request.url)).toEqual(['/samples/harbour.html']);
  });
});
