import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, serveOnLoopback } from './fake-http';

export interface FakeEntry {
  guid?: string;
  link: string;
  title: string;
  summary?: string;
  /** ISO time. */
  published: string;
}

interface FakeFeed {
  format: 'rss' | 'atom' | 'json';
  title: string;
  entries: FakeEntry[];
  /** Bumped on every change: the validators (ETag, Last-Modified) follow it. */
  version: number;
  changedAt: Date;
  /** While set, every request is answered with this status (a feed that fails). */
  failWith: number | null;
  /** A body that is served as is (broken XML, an oversized feed, bytes in another encoding). */
  rawBody: string | Uint8Array | null;
  /** The Content-Type the raw body is served with. */
  rawType: string;
}

/** One request the server saw, with the conditional headers it carried and what it answered. */
export interface FeedRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  status: number;
}

function render(feed: FakeFeed, selfUrl: string): { body: string; contentType: string } {
  const newestFirst = [...feed.entries].sort((a, b) => b.published.localeCompare(a.published));
  if (feed.format === 'json') {
    return {
      contentType: 'application/feed+json',
      body: JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: feed.title,
        feed_url: selfUrl,
        items: newestFirst.map((entry) => ({
          id: entry.guid ?? entry.link,
          url: entry.link,
          title: entry.title,
          content_text: entry.summary ?? '',
          date_published: entry.published,
        })),
      }),
    };
  }
  if (feed.format === 'atom') {
    const entries = newestFirst
      .map(
        (entry) =>
          `<entry><title>${escapeHtml(entry.title)}</title><link rel="alternate" href="${escapeHtml(entry.link)}"/>` +
          `<id>${escapeHtml(entry.guid ?? entry.link)}</id><updated>${entry.published}</updated>` +
          `<summary>${escapeHtml(entry.summary ?? '')}</summary></entry>`,
      )
      .join('');
    return {
      contentType: 'application/atom+xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeHtml(feed.title)}</title><id>${escapeHtml(selfUrl)}</id><updated>${feed.changedAt.toISOString()}</updated>${entries}</feed>`,
    };
  }
  const items = newestFirst
    .map(
      (entry) =>
        `<item><title>${escapeHtml(entry.title)}</title><link>${escapeHtml(entry.link)}</link>` +
        (entry.guid ? `<guid isPermaLink="false">${escapeHtml(entry.guid)}</guid>` : '') +
        `<pubDate>${new Date(entry.published).toUTCString()}</pubDate>` +
        `<description>${escapeHtml(entry.summary ?? '')}</description></item>`,
    )
    .join('');
  return {
    contentType: 'application/rss+xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escapeHtml(feed.title)}</title><link>${escapeHtml(selfUrl)}</link><description>fake</description>${items}</channel></rss>`,
  };
}

/**
 * A local feed host for tests and the bench: feeds per path (RSS 2.0, Atom or JSON Feed) whose
 * entries can be added between polls, that fail and recover on demand, and web pages naming them
 * with `<link rel="alternate">`. It honours conditional GET as RFC 9110 has it: each answer carries
 * an ETag and a Last-Modified; If-None-Match (which wins when present) or If-Modified-Since
 * matching the current version answers 304 with no body. Every request is recorded, so a test can
 * check the validators the client sent back.
 */
export async function startFeedServer() {
  const feeds = new Map<string, FakeFeed>();
  const pages = new Map<string, string>();
  const requests: FeedRequest[] = [];
  let base = '';

  const etagOf = (path: string, feed: FakeFeed) =>
    `"${createHash('sha1').update(`${path}#${feed.version}`).digest('hex').slice(0, 16)}"`;

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    const ifModifiedSince = req.headers['if-modified-since'] ?? null;
    const record = (status: number) => requests.push({ path, ifNoneMatch, ifModifiedSince, status });
    const page = pages.get(path);
    if (page !== undefined) {
      record(200);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
      return;
    }
    const feed = feeds.get(path);
    if (!feed) {
      record(404);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    if (feed.failWith) {
      record(feed.failWith);
      res.writeHead(feed.failWith, { 'content-type': 'text/plain' });
      res.end('failing');
      return;
    }
    const etag = etagOf(path, feed);
    // HTTP dates have whole seconds.
    const lastModified = new Date(Math.floor(feed.changedAt.getTime() / 1000) * 1000).toUTCString();
    const notModified =
      ifNoneMatch !== null
        ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag)
        : ifModifiedSince !== null && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
    if (notModified) {
      record(304);
      res.writeHead(304, { etag, 'last-modified': lastModified });
      res.end();
      return;
    }
    const rendered = feed.rawBody ? { body: feed.rawBody, contentType: feed.rawType } : render(feed, `${base}${path}`);
    record(200);
    res.writeHead(200, { 'content-type': rendered.contentType, etag, 'last-modified': lastModified });
    res.end(rendered.body);
  };

  const server = await serveOnLoopback(answer);
  base = server.url;
  const change = (path: string, update: (feed: FakeFeed) => void) => {
    const feed = feeds.get(path);
    if (!feed) throw new Error(`no feed at ${path}`);
    update(feed);
    feed.version += 1;
    feed.changedAt = new Date(Math.max(Date.now(), feed.changedAt.getTime() + 1000));
  };

  return {
    url: server.url,
    /** host:port, for ALLOW_PRIVATE_FETCH_HOSTS. */
    host: new URL(server.url).host,
    requests,
    /** Serves a feed at `path` with these entries. */
    feed(path: string, options: { title: string; format?: FakeFeed['format']; entries: FakeEntry[] }) {
      feeds.set(path, {
        format: options.format ?? 'rss',
        title: options.title,
        entries: [...options.entries],
        version: 1,
        changedAt: new Date(Date.now() - 60_000),
        failWith: null,
        rawBody: null,
        rawType: 'application/rss+xml',
      });
    },
    /** A site page naming feeds with `<link rel="alternate">` (or none). */
    page(path: string, alternates: Array<{ href: string; type: string }>) {
      const links = alternates.map((alt) => `<link rel="alternate" type="${alt.type}" href="${alt.href}">`).join('');
      pages.set(path, `<!doctype html><html><head><title>Site</title>${links}</head><body>Hi</body></html>`);
    },
    addEntry: (path: string, entry: FakeEntry) => change(path, (feed) => feed.entries.push(entry)),
    /** Answers every request for the feed with `status` until `recover`. */
    fail: (path: string, status = 500) => change(path, (feed) => (feed.failWith = status)),
    recover: (path: string) => change(path, (feed) => (feed.failWith = null)),
    /**
     * Serves `body` as the feed's content (malformed XML, an oversized feed, bytes in another
     * encoding) with `contentType` until `restore`; each call is a new version (new validators).
     */
    serveRaw: (path: string, body: string | Uint8Array, contentType = 'application/rss+xml') =>
      change(path, (feed) => {
        feed.rawBody = body;
        feed.rawType = contentType;
      }),
    restore: (path: string) => change(path, (feed) => (feed.rawBody = null)),
    /** The requests for one path, oldest first. */
    requestsFor: (path: string) => requests.filter((request) => request.path === path),
    close: server.close,
  };
}

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
