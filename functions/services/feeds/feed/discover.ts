import { parseHtmlDocument } from '#functions/lib/html/parse-html';
import { isJsonFeed } from './parse-feed';

const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
  'application/rdf+xml',
]);

/**
 * Feed autodiscovery: the `<link rel="alternate">` elements of a page that name an RSS, Atom or
 * JSON Feed, resolved against the page (its `<base href>` first), in document order.
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  const document = parseHtmlDocument(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  let base = pageUrl;
  if (baseHref && URL.canParse(baseHref, pageUrl)) base = new URL(baseHref, pageUrl).href;
  const found: string[] = [];
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (link.getAttribute('type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!rels.includes('alternate') || !FEED_TYPES.has(type)) continue;
    const href = link.getAttribute('href') ?? '';
    if (!URL.canParse(href, base)) continue;
    const url = new URL(href, base);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href)) found.push(url.href);
  }
  return found;
}

/** What may come before an XML document's root: a mark, the declaration, comments, PIs, a doctype. */
const XML_PROLOG = /^(?:\ufeff|\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/;

/**
 * True when a body is a feed by its content, whatever its Content-Type says (several servers send
 * feeds as text/html): an XML document whose root is `rss`, `feed` or `rdf:RDF` (any prefix), or a
 * JSON Feed.
 */
export function looksLikeFeed(body: string): boolean {
  const head = body.slice(0, 8192);
  if (head.trimStart().startsWith('{')) {
    try {
      return isJsonFeed(JSON.parse(body));
    } catch {
      return false;
    }
  }
  const rest = head.slice(XML_PROLOG.exec(head)?.[0].length ?? 0);
  return /^<(?:[A-Za-z_][\w.-]*:)?(?:rss|feed|RDF)[\s/>]/.test(rest);
}

/** True when a fetched body is a web page rather than a feed (so autodiscovery applies). */
export function looksLikeHtml(contentType: string, body: string): boolean {
  if (looksLikeFeed(body)) return false;
  if (contentType === 'text/html' || contentType === 'application/xhtml+xml') return true;
  return /^\s*(<!doctype html|<html\b)/i.test(body.slice(0, 512));
}
