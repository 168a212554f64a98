import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  guardedFetch,
  NoAnswerError,
  OutboundTimeoutError,
  OutboundUrlError,
  RedirectError,
} from '#functions/lib/outbound/guarded-fetch';
import { BlockedAddressError } from '#functions/lib/outbound/host-guard';

// A loopback site that records the paths asked for and answers by path.
let server: Server;
let port: number;
let origin: string;
let host: string;
let requests: string[] = [];
let hugeBodyFinished: boolean[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const hop = /^\/hop\/(\d+)$/.exec(path);
    const slowHop = /^\/slow-hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      response.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/page' }).end();
    } else if (slowHop) {
      // Each hop answers well within the budget; together they do not.
      const n = Number(slowHop[1]);
      setTimeout(() => response.writeHead(302, { location: n > 1 ? `/slow-hop/${n - 1}` : '/page' }).end(), 150);
    } else if (path === '/to-private') {
      response.writeHead(302, { location: 'http://10.0.0.7/admin' }).end();
    } else if (path === '/to-localhost') {
      response.writeHead(307, { location: `http://localhost:${port}/page` }).end();
    } else if (path === '/to-ftp') {
      response.writeHead(301, { location: 'ftp://example.com/page' }).end();
    } else if (path === '/loop') {
      response.writeHead(302, { location: '/loop#again' }).end();
    } else if (path === '/nowhere') {
      response.writeHead(302).end();
    } else if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      response.on('close', () => hugeBodyFinished.push(response.writableFinished));
      pump();
    } else {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`read ${path}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

beforeEach(() => {
  requests = [];
  hugeBodyFinished = [];
});

const text = async (answer: Awaited<ReturnType<typeof guardedFetch>>) =>
  new TextDecoder().decode((await answer.read(1024)).bytes);

describe('guardedFetch (the one fetch for documents at addresses someone outside names)', () => {
  it('follows redirects on an allowed host and answers from the last hop', async () => {
    const answer = await guardedFetch(`${origin}/hop/2`, { allowPrivateHosts: [host], timeoutMs: 2_000, redirects: 5 });

    expect(answer.status).toBe(200);
    expect(answer.url.href).toBe(`${origin}/page`);
    expect(await text(answer)).toBe('read /page');
    expect(requests).toEqual(['/hop/2', '/hop/1', '/page']);
  });

  it('refuses a second hop to a private address, or to a name that resolves to loopback, before sending it', async () => {
    const toPrivate = guardedFetch(`${origin}/to-private`, {
      allowPrivateHosts: [host],
      timeoutMs: 2_000,
      redirects: 5,
    });
    await expect(toPrivate).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(toPrivate).rejects.toThrow('a private network address (10.0.0.7)');

    const toLocalhost = guardedFetch(`${origin}/to-localhost`, {
      allowPrivateHosts: [host],
      timeoutMs: 2_000,
      redirects: 5,
    });
    await expect(toLocalhost).rejects.toThrow('a loopback (this machine) address');
    expect(requests).toEqual(['/to-private', '/to-localhost']);
  });

  it('refuses a redirect to another scheme, and a URL with credentials', async () => {
    const toFtp = await guardedFetch(`${origin}/to-ftp`, {
      allowPrivateHosts: [host],
      timeoutMs: 2_000,
      redirects: 5,
    }).catch((error: unknown) => error);
    expect(toFtp).toBeInstanceOf(OutboundUrlError);
    expect(toFtp).toMatchObject({ kind: 'scheme', scheme: 'ftp' });

    await expect(
      guardedFetch(`http://user:secret@${host}/page`, { allowPrivateHosts: [host], timeoutMs: 2_000, redirects: 5 }),
    ).rejects.toMatchObject({ kind: 'credentials' });
    expect(requests).toEqual(['/to-ftp']);
  });

  it('keeps one time budget across hops, though every hop alone is within it', async () => {
    const quick = await guardedFetch(`${origin}/slow-hop/1`, {
      allowPrivateHosts: [host],
      timeoutMs: 400,
      redirects: 5,
    });
    expect(quick.status).toBe(200);

    requests = [];
    const slow = await guardedFetch(`${origin}/slow-hop/4`, {
      allowPrivateHosts: [host],
      timeoutMs: 400,
      redirects: 5,
    }).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(OutboundTimeoutError);
    expect(slow).toMatchObject({ host, timeoutMs: 400, code: 'ETIMEDOUT' });
    expect(requests).toEqual(['/slow-hop/4', '/slow-hop/3', '/slow-hop/2']);
  });

  it('reads a body up to its byte cap and stops reading there', async () => {
    const answer = await guardedFetch(`${origin}/huge`, { allowPrivateHosts: [host], timeoutMs: 5_000, redirects: 5 });

    const read = await answer.read(100_000);

    expect(read.truncated).toBe(true);
    expect(read.bytes.byteLength).toBe(100_000);
    await expect.poll(() => hugeBodyFinished.length).toBe(1);
    expect(hugeBodyFinished[0]).toBe(false);
  });

  it('follows at most the redirects allowed, and refuses a loop', async () => {
    const options = { allowPrivateHosts: [host], timeoutMs: 2_000, redirects: 2 };
    expect((await guardedFetch(`${origin}/hop/2`, options)).status).toBe(200);

    requests = [];
    const tooMany = await guardedFetch(`${origin}/hop/3`, options).catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(RedirectError);
    expect(tooMany).toMatchObject({ kind: 'too-many', host, maxRedirects: 2 });
    expect(requests).toEqual(['/hop/3', '/hop/2', '/hop/1']);

    await expect(guardedFetch(`${origin}/loop`, options)).rejects.toMatchObject({ kind: 'loop' });
  });

  it('hands back a redirect that names no address, and any redirect when asked for manual', async () => {
    const nowhere = await guardedFetch(`${origin}/nowhere`, {
      allowPrivateHosts: [host],
      timeoutMs: 2_000,
      redirects: 5,
    });
    expect(nowhere.status).toBe(302);

    const manual = await guardedFetch(`${origin}/hop/1`, {
      allowPrivateHosts: [host],
      timeoutMs: 2_000,
      redirects: 'manual',
      method: 'POST',
      body: 'a=1',
    });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/page');
    await manual.discard();
    expect(requests).toEqual(['/nowhere', '/hop/1']);
  });

  it('names the host where nothing answered', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const failure = await guardedFetch(`http://127.0.0.1:${closedPort}/`, {
      allowPrivateHosts: [`127.0.0.1:${closedPort}`],
      timeoutMs: 2_000,
      redirects: 5,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(NoAnswerError);
    expect(failure).toMatchObject({ host: `127.0.0.1:${closedPort}`, cause: { code: 'ECONNREFUSED' } });
  });
});
