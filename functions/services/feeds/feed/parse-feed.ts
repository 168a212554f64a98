import { parseFeed } from 'feedsmith';
import { feedMessages } from '#shared/messages/feeds';
import { FEED_LIMITS } from '#shared/schemas/feeds';
import { clipText } from '../../text/clip-text';

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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** HTML past this is not read for a summary (its first 280 characters of text come well before). */
const SUMMARY_SOURCE_CHARS = 50_000;

/** A numeric character reference's character; one naming no character (0, a surrogate, past U+10FFFF) is U+FFFD, as HTML reads it. */
function characterOf(codePoint: number): string {
  const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : '\ufffd';
}

/** A short plain-text summary of an entry's HTML or text description. */
export function summarise(value: string | undefined | null, maxChars: number = FEED_LIMITS.summaryChars): string {
  if (!value) return '';
  const text = value
    .slice(0, SUMMARY_SOURCE_CHARS)
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return characterOf(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return characterOf(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return clipText(text, maxChars);
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

/** A title as kept: one line, at most FEED_LIMITS.titleChars. */
const titleOf = (value: unknown) => clipText(textOf(value), FEED_LIMITS.titleChars);

/** An http(s) URL, resolved against `base` (absolute only without one); null past FEED_LIMITS.urlChars (a URL cannot be cut). */
function webLink(value: unknown, base: string | null): string | null {
  const text = textOf(value);
  if (!text || text.length > FEED_LIMITS.urlChars) return null;
  try {
    const url = base ? new URL(text, base) : new URL(text);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    return web && url.href.length <= FEED_LIMITS.urlChars ? url.href : null;
  } catch {
    return null;
  }
}

/** The base URI inside an element with `xml:base` (itself relative to the enclosing base, per XML Base). */
function withXmlBase(outer: string, element: { xml?: { base?: string } } | undefined): string {
  const base = element?.xml?.base?.trim();
  if (!base || base.length > FEED_LIMITS.urlChars || !URL.canParse(base, outer)) return outer;
  return new URL(base, outer).href;
}

/**
 * An RSS item's permalink guid as its link: `isPermaLink="true"`, or the attribute left out (RSS
 * 2.0's default) when the guid is an absolute http(s) URL.
 */
function permalinkOf(guid: { value?: string; isPermaLink?: boolean } | undefined, base: string): string | null {
  if (!guid || guid.isPermaLink === false) return null;
  return webLink(guid.value, guid.isPermaLink === true ? base : null);
}

/** A JSON Feed, told as feedsmith tells one, its version also written as a bare number ("1.1"). */
export function isJsonFeed(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const feed = value as Record<string, unknown>;
  if (typeof feed.version === 'string' && feed.version.trim()) {
    return feed.version.includes('jsonfeed.org/version/') || /^1(\.\d+)?$/.test(feed.version.trim());
  }
  return typeof feed.title === 'string' && Array.isArray(feed.items);
}

/** A JSON body for feedsmith: a bare version number as the version URL it expects. */
function jsonFeedInput(body: string): unknown {
  const json: unknown = JSON.parse(body);
  if (!isJsonFeed(json) || typeof json.version !== 'string' || !/^1(\.\d+)?$/.test(json.version.trim())) return json;
  return { ...json, version: `https://jsonfeed.org/version/${json.version.trim()}` };
}

/** The parser's reason as the feed's failure reason (cut: a reason may quote a tag of any length). */
function unreadable(error: unknown): FeedParseError {
  const reason = clipText(error instanceof Error ? error.message : String(error), FEED_LIMITS.titleChars);
  return new FeedParseError(feedMessages.unreadable(reason.replace(/\.$/, '')));
}

function readFeed(body: string, feedUrl: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body.trimStart().startsWith('{') ? jsonFeedInput(body) : body);
  } catch (error) {
    throw unreadable(error);
  }
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const channel = parsed.feed as typeof parsed.feed & { xml?: { base?: string } };
      const channelBase = withXmlBase(feedUrl, channel);
      const siteUrl = webLink(channel.link, channelBase);
      return {
        format: parsed.format,
        title: titleOf(channel.title),
        siteUrl,
        entries: (channel.items ?? []).map((item) => {
          const rssItem = item as {
            guid?: { value?: string; isPermaLink?: boolean };
            pubDate?: string;
            dc?: { date?: string };
            xml?: { base?: string };
          };
          // RSS names no base: relative links read against the site, unless xml:base says otherwise.
          const itemBase =
            channel.xml?.base || rssItem.xml?.base ? withXmlBase(channelBase, rssItem) : (siteUrl ?? feedUrl);
          return {
            guid: textOf(rssItem.guid?.value) || null,
            link: webLink(item.link, itemBase) ?? permalinkOf(rssItem.guid, itemBase),
            title: titleOf(item.title),
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
      // Atom's relative references resolve against xml:base (the feed's, then the entry's), then the document.
      const feedBase = withXmlBase(feedUrl, feed);
      return {
        format: 'atom',
        title: titleOf(feed.title),
        siteUrl: webLink(alternate(feed.links), feedBase),
        entries: (feed.entries ?? []).map((entry) => ({
          guid: textOf(entry.id) || null,
          link: webLink(alternate(entry.links), withXmlBase(feedBase, entry)),
          title: titleOf(entry.title),
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
        title: titleOf(feed.title),
        siteUrl,
        entries: (feed.items ?? []).map((item) => ({
          guid: textOf(item.id) || null,
          link: webLink(item.url ?? item.external_url, siteUrl ?? feedUrl),
          title: titleOf(item.title),
          summary: summarise(item.summary ?? item.content_text ?? item.content_html),
          publishedAt: isoOrNull(item.date_published ?? item.date_modified),
        })),
      };
    }
  }
}

/**
 * Parses an RSS (0.9x–2.0, RDF 1.0), Atom 1.0 or JSON Feed 1.x body with feedsmith into entries:
 * links resolved against xml:base where given (Atom: else the feed's own address; RSS: else its
 * site), an RSS item's permalink guid as its link when it has no other, every text capped
 * (FEED_LIMITS). Anything else, or anything the reading trips on, is a FeedParseError with the reason.
 */
export function parseFeedDocument(body: string, feedUrl: string): ParsedFeed {
  try {
    return readFeed(body, feedUrl);
  } catch (error) {
    if (error instanceof FeedParseError) throw error;
    // Never an unexpected error: a feed that trips the reader is a failing feed with a reason, not a 500.
    throw unreadable(error);
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
