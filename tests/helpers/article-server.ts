import { createServer, type Server } from 'node:http';

export interface ArticleServer {
  url: string;
  /** host:port, for ALLOW_PRIVATE_FETCH_HOSTS. */
  host: string;
  /** Serves `html` at `path` (text/html unless another content type is given), with any further headers. */
  page: (path: string, html: string, contentType?: string, headers?: Record<string, string>) => void;
  /** The next request for `path` gets no answer at all (a host that hangs); later ones are served. */
  hangOnce: (path: string) => void;
  requests: string[];
  close: () => Promise<void>;
}

/** A small article host on 127.0.0.1 for tests: pages are registered per path; anything else is 404. */
export async function startArticleServer(): Promise<ArticleServer> {
  const pages = new Map<string, { body: string; contentType: string; headers: Record<string, string> }>();
  const requests: string[] = [];
  const hanging = new Set<string>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    requests.push(path);
    if (hanging.delete(path)) return;
    const page = pages.get(path);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Not found</h1></body></html>');
      return;
    }
    res.writeHead(page.headers.location ? 302 : 200, { ...page.headers, 'content-type': page.contentType });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    page: (path, html, contentType = 'text/html; charset=utf-8', headers = {}) =>
      pages.set(path, { body: html, contentType, headers }),
    hangOnce: (path) => hanging.add(path),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A realistic article page of `paragraphs` paragraphs about a topic, with facts to check. */
export function articlePage(options: {
  title: string;
  paragraphs: string[];
  author?: string;
  /** The author's X handle, declared as `twitter:creator`. */
  twitterCreator?: string;
  /** The author's fediverse account (`@user@domain`), declared as `fediverse:creator`. */
  fediverseCreator?: string;
}): string {
  const body = options.paragraphs.map((text) => `<p>${text}</p>`).join('\n');
  const creator = [
    options.twitterCreator ? `<meta name="twitter:creator" content="${options.twitterCreator}">` : '',
    options.fediverseCreator ? `<meta name="fediverse:creator" content="${options.fediverseCreator}">` : '',
  ].join('');
  return `<!doctype html><html lang="en"><head><title>${options.title}</title>
<meta name="author" content="${options.author ?? 'Dana Reyes'}"><meta property="og:site_name" content="Test Gazette">${creator}</head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>${options.title}</h1><p class="byline">By ${options.author ?? 'Dana Reyes'}</p>${body}</article>
<footer>© Test Gazette</footer></body></html>`;
}

/**
 * The harbour article: six long paragraphs, enough for several posts on any platform (its author's X
 * and fediverse accounts when given).
 */
export const harbourArticlePage = (options: { twitterCreator?: string; fediverseCreator?: string } = {}) =>
  articlePage({
    title: 'The harbour at dawn',
    ...options,
    paragraphs: Array.from(
      { length: 6 },
      (_, index) =>
        `Paragraph ${index + 1}: the fishing boats return before sunrise, and the auction hall fills with buyers who have driven in from three counties to bid on the morning catch while the gulls circle overhead.`,
    ),
  });
