import type { ServerResponse } from 'node:http';
import { readText, serveOnLoopback } from './fake-http';

/** A Webmention the receiver accepted: where it was POSTed and what it said. */
export interface ReceivedMention {
  /** The endpoint's path and query as POSTed (`/endpoint/21?version=1`). */
  endpoint: string;
  source: string;
  target: string;
}

/** What a test page declares; `headers` may name a Link header, `html` the body. */
interface PageCase {
  headers?: Record<string, string>;
  html?: string;
  /** Answers 302 to this path instead of a page. */
  redirectTo?: string;
}

const doc = (head: string, body = '') =>
  `<!doctype html><html><head><title>Test</title>${head}</head><body><p>Article text.</p>${body}</body></html>`;

/**
 * Discovery cases after the W3C Webmention test suite (webmention.rocks): each `/test/<n>` page
 * declares its endpoint one way; the endpoint it means is `/endpoint/<n>` (case 15: the page itself;
 * case 21: with its query string). `origin` is the receiver's own base URL, for absolute links.
 */
function discoveryCases(origin: string): Record<string, PageCase> {
  return {
    // Link header, relative and absolute.
    1: { headers: { link: '</endpoint/1>; rel=webmention' }, html: doc('') },
    2: { headers: { link: `<${origin}/endpoint/2>; rel="webmention"` }, html: doc('') },
    // <link>, relative and absolute.
    3: { html: doc('<link rel="webmention" href="/endpoint/3">') },
    4: { html: doc(`<link rel="webmention" href="${origin}/endpoint/4">`) },
    // <a>, relative and absolute.
    5: { html: doc('', '<a rel="webmention" href="/endpoint/5">endpoint</a>') },
    6: { html: doc('', `<a rel="webmention" href="${origin}/endpoint/6">endpoint</a>`) },
    // Multiple rel values: on a <link>, and in a Link header.
    9: { html: doc('<link rel="webmention somethingelse" href="/endpoint/9">') },
    10: { headers: { link: '</endpoint/10>; rel="webmention somethingelse"' }, html: doc('') },
    // The Link header wins over <link> and <a>.
    11: {
      headers: { link: '</endpoint/11>; rel="webmention"' },
      html: doc('<link rel="webmention" href="/wrong/11">', '<a rel="webmention" href="/wrong/11">x</a>'),
    },
    // A rel that merely contains the word, and a commented-out link, are not endpoints.
    12: {
      html: doc(
        '<link rel="not-webmention" href="/wrong/12"><!-- <link rel="webmention" href="/wrong/12"> -->',
        '<a rel="webmention" href="/endpoint/12">x</a>',
      ),
    },
    // An empty href: the page itself is the endpoint.
    15: { html: doc('<link rel="webmention" href="">') },
    // Document order between <a> and <link>.
    16: { html: doc('', '<a rel="webmention" href="/endpoint/16">x</a><link rel="webmention" href="/wrong/16">') },
    17: { html: doc('<link rel="webmention" href="/endpoint/17">', '<a rel="webmention" href="/wrong/17">x</a>') },
    // A Link header list whose first link is something else.
    19: { headers: { link: '</wrong/19>; rel="other", </endpoint/19>; rel="webmention"' }, html: doc('') },
    // A <link> without href is skipped.
    20: { html: doc('<link rel="webmention">', '<a rel="webmention" href="/endpoint/20">x</a>') },
    // The endpoint's query string is kept.
    21: { html: doc('<link rel="webmention" href="/endpoint/21?version=1">') },
    // A path relative to the page's own folder.
    22: { html: doc('<link rel="webmention" href="22/endpoint">') },
    // A redirect: the endpoint resolves against the final page (/moved/23), not the first one.
    23: { redirectTo: '/moved/23' },
    'moved/23': { html: doc('<link rel="webmention" href="../endpoint/23">') },
    // Letter case: HTML attribute names (and rel values) are case-insensitive, tag names too.
    'upper-link': { html: doc('<LINK REL="webmention" HREF="/endpoint/upper-link">') },
    'mixed-link': { html: doc('<Link Rel="WebMention" Href="/endpoint/mixed-link">') },
    'upper-a': { html: doc('', '<A REL="Webmention" HREF="/endpoint/upper-a">x</A>') },
    // An upper-case <link> first, then a lower-case <a>: the first in document order is the endpoint.
    'upper-before-lower': {
      html: doc(
        '<LINK REL="webmention" HREF="/endpoint/upper-before-lower">',
        '<a rel="webmention" href="/wrong/x">x</a>',
      ),
    },
  };
}

/** The endpoint each case means, as the receiver records it. */
export const EXPECTED_ENDPOINTS: Record<string, string> = {
  1: '/endpoint/1',
  2: '/endpoint/2',
  3: '/endpoint/3',
  4: '/endpoint/4',
  5: '/endpoint/5',
  6: '/endpoint/6',
  9: '/endpoint/9',
  10: '/endpoint/10',
  11: '/endpoint/11',
  12: '/endpoint/12',
  15: '/test/15',
  16: '/endpoint/16',
  17: '/endpoint/17',
  19: '/endpoint/19',
  20: '/endpoint/20',
  21: '/endpoint/21?version=1',
  22: '/test/22/endpoint',
  23: '/endpoint/23',
  'upper-link': '/endpoint/upper-link',
  'mixed-link': '/endpoint/mixed-link',
  'upper-a': '/endpoint/upper-a',
  'upper-before-lower': '/endpoint/upper-before-lower',
};

function refuse(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}

/**
 * A Webmention receiver on loopback: serves the discovery cases at `/test/<n>` (and any page a test
 * adds), and at every POST checks the request as the spec requires (form-encoded, `source` and
 * `target` both http(s) URLs, not the same) before accepting it with 202. `failNext` makes the next
 * POSTs answer a 5xx first, as a receiver having a bad moment does.
 */
export async function startWebmentionReceiver() {
  const received: ReceivedMention[] = [];
  const pages = new Map<string, PageCase>();
  const failures: number[] = [];
  let origin = '';
  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'POST') {
      const type = req.headers['content-type'] ?? '';
      if (!type.startsWith('application/x-www-form-urlencoded')) return refuse(res, 400, 'form-encoded body required');
      const form = new URLSearchParams(await readText(req));
      const source = form.get('source');
      const target = form.get('target');
      if (!source || !target || !/^https?:\/\//.test(source) || !/^https?:\/\//.test(target) || source === target)
        return refuse(res, 400, 'source and target must be distinct http(s) URLs');
      const failure = failures.shift();
      if (failure) return refuse(res, failure, 'try again later');
      received.push({ endpoint: `${url.pathname}${url.search}`, source, target });
      res.writeHead(202, { 'content-type': 'text/plain' });
      res.end('Accepted');
      return;
    }
    const key = url.pathname.replace(/^\/test\//, '').replace(/^\//, '');
    const page = pages.get(key) ?? discoveryCases(origin)[key];
    if (!page) return refuse(res, 404, 'not found');
    if (page.redirectTo) {
      res.writeHead(302, { location: page.redirectTo });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
    res.end(page.html ?? '');
  });
  origin = server.url;
  return {
    url: server.url,
    host: new URL(server.url).host,
    received,
    /** Serves an article at `/<path>` declaring `head` in its head (e.g. a <link rel="webmention">). */
    page: (path: string, html: string, headers: Record<string, string> = {}) =>
      pages.set(path.replace(/^\//, ''), { html, headers }),
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: server.close,
  };
}
