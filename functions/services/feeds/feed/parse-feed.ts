import { parseFeed } from 'feedsmith';

/** One entry of a feed, in the shape the inbox keeps. */
export interface FeedEntry {
  guid: string | null;
  link: string | null;
  title: string;
  summary: string;
  /** ISO time, or null when the feed gives none (or one that cannot be read). */
  publishedAt: string | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string;
  siteUrl: string | null;
  entries: FeedEntry[];
}

/** Why a body is not a feed we can read: the parser's reason, shown on the failing feed. */
export class FeedParseError extends Error {}

const SUMMARY_CHARS = 280;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A short plain-text summary of an entry's HTML or text description. */
export function summarise(value: string | undefined | null, maxChars = SUMMARY_CHARS): string {
  if (!value) return '';
  const text = value
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A string, or an Atom text construct's value (`{ value, type }`), trimmed. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  const inner = (value as { value?: unknown } | null)?.value;
  return typeof inner === 'string' ? inner.trim() : '';
}

function webLink(value: unknown, base: string | null): string | null {
  const text = textOf(value);
  if (!text) return null;
  try {
    const url = base ? new URL(text, base) : new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Parses an RSS (0.9x–2.0, RDF 1.0), Atom 1.0 or JSON Feed 1.x body with feedsmith into entries;
 * relative links resolve against the feed's own address. Anything else is a FeedParseError with
 * the parser's reason.
 */
export function parseFeedDocument(body: string, feedUrl: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body.trimStart().startsWith('{') ? JSON.parse(body) : body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FeedParseError(`The feed could not be read: ${reason.replace(/\.$/, '')}.`);
  }
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const channel = parsed.feed;
      const siteUrl = webLink(channel.link, feedUrl);
      return {
        format: parsed.format,
        title: textOf(channel.title),
        siteUrl,
        entries: (channel.items ?? []).map((item) => {
          const rssItem = item as { guid?: { value?: string }; pubDate?: string; dc?: { date?: string } };
          return {
            guid: textOf(rssItem.guid?.value) || null,
            link: webLink(item.link, siteUrl ?? feedUrl),
            title: textOf(item.title),
            summary: summarise(item.description ?? (item as { content?: { encoded?: string } }).content?.encoded),
            publishedAt: isoOrNull(rssItem.pubDate ?? rssItem.dc?.date),
          };
        }),
      };
    }
    case 'atom': {
      const feed = parsed.feed;
      const alternate = (links: typeof feed.links) =>
        links?.find((link) => !link.rel || link.rel === 'alternate')?.href ?? links?.[0]?.href;
      const siteUrl = webLink(alternate(feed.links), feedUrl);
      return {
        format: 'atom',
        title: textOf(feed.title),
        siteUrl,
        entries: (feed.entries ?? []).map((entry) => ({
          guid: textOf(entry.id) || null,
          link: webLink(alternate(entry.links), siteUrl ?? feedUrl),
          title: textOf(entry.title),
          summary: summarise(textOf(entry.summary) || textOf(entry.content)),
          publishedAt: isoOrNull(entry.published ?? entry.updated),
        })),
      };
    }
    case 'json': {
      const feed = parsed.feed;
      const siteUrl = webLink(feed.home_page_url, feedUrl);
      return {
        format: 'json',
        title: textOf(feed.title),
        siteUrl,
        entries: (feed.items ?? []).map((item) => ({
          guid: textOf(item.id) || null,
          link: webLink(item.url ?? item.external_url, siteUrl ?? feedUrl),
          title: textOf(item.title),
          summary: summarise(item.summary ?? item.content_text ?? item.content_html),
          publishedAt: isoOrNull(item.date_published ?? item.date_modified),
        })),
      };
    }
  }
}

/**
 * A feed cut at the byte cap ends mid-document: it is cut again after its last whole entry and its
 * open elements closed, so the entries read before the cut still count. Null for a JSON feed.
 */
export function closeCutFeed(body: string): string | null {
  if (body.trimStart().startsWith('{')) return null;
  const lastItem = body.lastIndexOf('</item>');
  const lastEntry = body.lastIndexOf('</entry>');
  if (lastEntry > lastItem) return `${body.slice(0, lastEntry + '</entry>'.length)}</feed>`;
  if (lastItem < 0) return null;
  const head = body.slice(0, lastItem + '</item>'.length);
  return /<rdf:RDF\b/.test(body) ? `${head}</rdf:RDF>` : `${head}</channel></rss>`;
}
