import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExtractionError } from '#functions/lib/errors';
import { fetchArticle } from '#functions/services/extraction/page/extract-article';
import { safeFetch } from '#functions/services/extraction/page/safe-fetch';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Tide tables go digital</title></head><body>
<article><h1>Tide tables go digital</h1>
<p>The harbour office has replaced its printed tide tables with a live board that updates every ten minutes from the gauge at the pier head.</p>
<p>Skippers say the board has already saved them from two groundings this spring, and the office plans to publish the same data online by summer.</p>
</article></body></html>`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('safeFetch against a local server', () => {
  let server: Server;
  let port: number;
  let origin: string;
  let host: string;
  const requests: string[] = [];
  // Whether the server finished writing each large body (it should not: the client stops reading).
  const bodyFinished: boolean[] = [];

  const routes: Record<string, Handler> = {
    '/article': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(ARTICLE);
    },
    '/to-article': (_req, res) => {
      res.writeHead(302, { location: '/article' });
      res.end();
    },
    '/to-ip': (_req, res) => {
      res.writeHead(301, { location: `http://127.0.0.1:${port}/article` });
      res.end();
    },
    '/to-localhost': (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${port}/article` });
      res.end();
    },
    '/loop-a': (_req, res) => {
      res.writeHead(302, { location: '/loop-b' });
      res.end();
    },
    '/loop-b': (_req, res) => {
      res.writeHead(307, { location: '/loop-a' });
      res.end();
    },
    '/pdf': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    },
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    },
    '/huge': (_req, res) => {
      // No content-length: the cap has to be enforced while reading.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>');
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('</body></html>');
      };
      res.on('close', () => bodyFinished.push(res.writableFinished));
      pump();
    },
    '/declared-huge': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * 1024 * 1024) });
      res.write('<html>');
    },
    '/slow-headers': (_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(ARTICLE);
      }, 3000);
    },
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>The first part arrives');
      setTimeout(() => res.end(' and the rest much later.</p></body></html>'), 3000);
    },
    '/latin1': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      res.end(Buffer.from('<html><body><p>Caf\u00e9 cr\u00e8me in S\u00e3o Paulo</p></body></html>', 'latin1'));
    },
    '/meta-charset': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const head = Buffer.from('<html><head><meta charset="windows-1251"></head><body><p>', 'ascii');
      // "Привет" in windows-1251.
      const word = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
      res.end(Buffer.concat([head, word, Buffer.from('</p></body></html>', 'ascii')]));
    },
    '/xhtml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xhtml+xml' });
      res.end('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Strict markup</p></body></html>');
    },
  };

  beforeAll(async () => {
    ({ server, port } = await listen((req, res) => {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      requests.push(path);
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (hop) {
        const n = Number(hop[1]);
        res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/article' });
        res.end();
        return;
      }
      const route = routes[path];
      if (route) route(req, res);
      else routes['/missing']?.(req, res);
    }));
    origin = `http://127.0.0.1:${port}`;
    host = `127.0.0.1:${port}`;
  });

  afterAll(() => closeServer(server));

  beforeEach(() => {
    requests.length = 0;
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the fetch to be refused');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ExtractionError);
        return (error as ExtractionError).message;
      },
    );

  it('refuses the loopback server by default, before any request reaches it', async () => {
    const message = await refusal(safeFetch(`${origin}/article`, { allowPrivateHosts: [] }));
    expect(message).toMatch(/loopback/);
    expect(requests).toEqual([]);
  });

  it.each([
    ['a name that resolves to loopback', (p: number) => `http://localhost:${p}/article`],
    ['a decimal IP', (p: number) => `http://2130706433:${p}/article`],
    ['a hex IP', (p: number) => `http://0x7f.1:${p}/article`],
    ['an octal IP', (p: number) => `http://0177.0.0.1:${p}/article`],
    ['an IPv4-mapped IPv6 address', (p: number) => `http://[::ffff:127.0.0.1]:${p}/article`],
    ['the IPv6 loopback', (p: number) => `http://[::1]:${p}/article`],
  ])('refuses %s', async (_label, url) => {
    const message = await refusal(safeFetch(url(port), { allowPrivateHosts: [] }));
    expect(message).toMatch(/cannot be fetched/);
    expect(requests).toEqual([]);
  });

  it('fetches a private host listed by host:port, and decodes the page', async () => {
    const page = await safeFetch(`${origin}/article`, { allowPrivateHosts: [host] });
    expect(page.html).toContain('Tide tables go digital');
    expect(page).toMatchObject({ url: `${origin}/article`, contentType: 'text/html', charset: 'utf-8' });
  });

  it('allows a host:port/path entry only under that path, redirects included', async () => {
    await expect(safeFetch(`${origin}/article`, { allowPrivateHosts: [`${host}/art`] })).resolves.toMatchObject({
      url: `${origin}/article`,
    });
    for (const path of ['/xhtml', '/art/../xhtml', '/to-article']) {
      const message = await refusal(safeFetch(`${origin}${path}`, { allowPrivateHosts: [`${host}/to-xhtml/`] }));
      expect(message, path).toMatch(/cannot be fetched for security reasons/);
    }
    // The redirect from the allowed path to another path of the same host is refused too.
    const redirected = await refusal(safeFetch(`${origin}/to-article`, { allowPrivateHosts: [`${host}/to-`] }));
    expect(redirected).toMatch(/cannot be fetched for security reasons/);
  });

  it('does not let an allowed host:port open the same host on another port', async () => {
    const message = await refusal(safeFetch(`${origin}/article`, { allowPrivateHosts: ['127.0.0.1:1'] }));
    expect(message).toMatch(/loopback/);
  });

  it('follows a redirect on an allowed host and reports the final address', async () => {
    const page = await safeFetch(`${origin}/to-article`, { allowPrivateHosts: [host] });
    expect(page.url).toBe(`${origin}/article`);
    expect(requests).toEqual(['/to-article', '/article']);
  });

  it('refuses a redirect to a blocked address when the first host was allowed only by name', async () => {
    const message = await refusal(
      safeFetch(`http://localhost:${port}/to-ip`, { allowPrivateHosts: [`localhost:${port}`] }),
    );
    expect(message).toMatch(/loopback/);
    expect(requests).toEqual(['/to-ip']);
  });

  it('refuses a redirect from an allowed IP to a name that resolves to loopback', async () => {
    const message = await refusal(safeFetch(`${origin}/to-localhost`, { allowPrivateHosts: [host] }));
    expect(message).toMatch(/loopback/);
    expect(requests).toEqual(['/to-localhost']);
  });

  it('refuses a redirect loop', async () => {
    const message = await refusal(safeFetch(`${origin}/loop-a`, { allowPrivateHosts: [host] }));
    expect(message).toBe('The page redirects in a loop.');
  });

  it('follows five redirects but refuses a sixth', async () => {
    await expect(safeFetch(`${origin}/hop/5`, { allowPrivateHosts: [host] })).resolves.toMatchObject({
      url: `${origin}/article`,
    });
    const message = await refusal(safeFetch(`${origin}/hop/6`, { allowPrivateHosts: [host] }));
    expect(message).toBe('The page redirected too many times (more than 5).');
  });

  it('refuses a page that is not HTML', async () => {
    const message = await refusal(safeFetch(`${origin}/pdf`, { allowPrivateHosts: [host] }));
    expect(message).toMatch(/not a web page \(it is application\/pdf\)/);
  });

  it('accepts XHTML', async () => {
    const page = await safeFetch(`${origin}/xhtml`, { allowPrivateHosts: [host] });
    expect(page.html).toContain('Strict markup');
  });

  it('reports an HTTP error status', async () => {
    const message = await refusal(safeFetch(`${origin}/missing`, { allowPrivateHosts: [host] }));
    expect(message).toBe('The site answered with an error (HTTP 404).');
  });

  it('stops reading a page larger than 5 MB', async () => {
    const message = await refusal(safeFetch(`${origin}/huge`, { allowPrivateHosts: [host] }));
    expect(message).toBe('The page is too large to read (over 5 MB).');
    await expect.poll(() => bodyFinished.length).toBe(1);
    expect(bodyFinished[0]).toBe(false);
  });

  it('refuses a page whose declared length is over the cap, and honours a smaller cap', async () => {
    expect(await refusal(safeFetch(`${origin}/declared-huge`, { allowPrivateHosts: [host] }))).toMatch(/too large/);
    expect(await refusal(safeFetch(`${origin}/article`, { allowPrivateHosts: [host], maxBytes: 100 }))).toBe(
      'The page is too large to read (over 1 KB).',
    );
  });

  it('gives up on a server that is slow to answer', async () => {
    const message = await refusal(safeFetch(`${origin}/slow-headers`, { allowPrivateHosts: [host], timeoutMs: 300 }));
    expect(message).toMatch(/took too long to respond/);
  });

  it('gives up on a body that trickles in past the time budget', async () => {
    const message = await refusal(safeFetch(`${origin}/slow-body`, { allowPrivateHosts: [host], timeoutMs: 300 }));
    expect(message).toMatch(/took too long to respond/);
  });

  it('decodes the charset named in the content-type header', async () => {
    const page = await safeFetch(`${origin}/latin1`, { allowPrivateHosts: [host] });
    expect(page.html).toContain('Café crème in São Paulo');
  });

  it('decodes the charset named in a <meta charset> tag', async () => {
    const page = await safeFetch(`${origin}/meta-charset`, { allowPrivateHosts: [host] });
    expect(page.html).toContain('Привет');
    expect(page.charset).toBe('windows-1251');
  });

  it('refuses invalid URLs and other protocols', async () => {
    expect(await refusal(safeFetch('not a url', { allowPrivateHosts: [] }))).toBe('Please enter a valid URL');
    expect(await refusal(safeFetch('file:///etc/passwd', { allowPrivateHosts: [] }))).toMatch(/Only http and https/);
    expect(await refusal(safeFetch('ftp://example.com/a', { allowPrivateHosts: [] }))).toMatch(/Only http and https/);
    expect(await refusal(safeFetch(`http://user:secret@${host}/article`, { allowPrivateHosts: [host] }))).toBe(
      'Links with a user name or password cannot be read.',
    );
  });

  it('reports a refused connection', async () => {
    const closed = await listen(() => undefined);
    await closeServer(closed.server);
    const message = await refusal(
      safeFetch(`http://127.0.0.1:${closed.port}/`, { allowPrivateHosts: [`127.0.0.1:${closed.port}`] }),
    );
    expect(message).toBe(`The site 127.0.0.1:${closed.port} refused the connection.`);
  });

  it('reports a host that does not exist', async () => {
    const message = await refusal(safeFetch('http://no-such-host.invalid/', { allowPrivateHosts: [] }));
    expect(message).toBe('Could not find the site no-such-host.invalid. Check the link and try again.');
  });

  it('fetchArticle reads the article from an allowed host', async () => {
    const article = await fetchArticle(`${origin}/to-article`, { allowPrivateHosts: [host] });
    expect(article.title).toBe('Tide tables go digital');
    expect(article.content.split('\n\n')).toHaveLength(2);
    expect(article.url).toBe(`${origin}/to-article`);
  });
});
