import { type LeadImage, readLeadImage } from './lead-image';
import { pageText } from './page-text';

/**
 * What the page says about itself in its head and structured data, read before Readability runs;
 * text fields with their HTML entities decoded (pageText).
 */
export interface PageMetadata {
  title: string | null;
  /** Every statement of the headline (og:title, JSON-LD headline, <title>, the first <h1>). */
  headlines: string[];
  byline: string | null;
  siteName: string | null;
  canonicalUrl: string | null;
  publishedTime: string | null;
  leadImage: LeadImage | null;
  /** `<html lang>` as written. */
  htmlLang: string | null;
  /** `og:locale`, `<meta http-equiv="content-language">` or `name="language"`, JSON-LD `inLanguage`. */
  metaLanguage: string | null;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object in the page's JSON-LD blocks, flattening arrays and `@graph`. */
function jsonLdObjects(document: Document): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (isObject(value)) {
      found.push(value);
      if (value['@graph']) visit(value['@graph'], depth + 1);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      // Some sites wrap the JSON in CDATA markers or leave trailing semicolons.
      const text = (script.textContent ?? '').replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '').replace(/;\s*$/, '');
      visit(JSON.parse(text), 0);
    } catch {
      // Malformed structured data is common and simply ignored.
    }
  }
  return found;
}

const ARTICLE_TYPES = /Article|BlogPosting|NewsArticle|Report|WebPage|Posting/i;

/** The JSON-LD object describing the article itself, if any. */
export function jsonLdArticle(objects: JsonObject[]): JsonObject | null {
  const typeOf = (o: JsonObject) => [o['@type']].flat().map(String).join(' ');
  return (
    objects.find((o) => /Article|BlogPosting|Report|Posting/i.test(typeOf(o))) ??
    objects.find((o) => ARTICLE_TYPES.test(typeOf(o))) ??
    null
  );
}

/** The page's <meta> values by lower-cased name, property or http-equiv (first one wins). */
function metaValues(document: Document): Map<string, string> {
  const values = new Map<string, string>();
  for (const element of document.querySelectorAll('meta[content]')) {
    const content = element.getAttribute('content')?.trim();
    if (!content) continue;
    for (const attribute of ['property', 'name', 'http-equiv', 'itemprop']) {
      const key = element.getAttribute(attribute)?.trim().toLowerCase();
      if (key && !values.has(key)) values.set(key, content);
    }
  }
  return values;
}

const pick = (values: Map<string, string>, ...keys: string[]) =>
  keys.map((key) => values.get(key)).find((value) => value !== undefined) ?? null;

/** Resolves a possibly relative address against the page; null when it is not an http(s) URL. */
export function absoluteUrl(value: string | null | undefined, baseUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) return stringOf(value[0]);
  if (isObject(value)) return stringOf(value.url ?? value.name ?? value['@id']);
  return null;
}

/** Follows `{"@id": …}` references to the object the page's JSON-LD describes under that id. */
export function resolveJsonLdReference(value: unknown, objects: JsonObject[]): unknown {
  if (!isObject(value) || value.name || typeof value['@id'] !== 'string') return value;
  return objects.find((o) => o !== value && o['@id'] === value['@id'] && Object.keys(o).length > 1) ?? value;
}

function authorNames(value: unknown, objects: JsonObject[] = []): string | null {
  const names = [value]
    .flat()
    .map((entry) => resolveJsonLdReference(entry, objects))
    .map((author) => (isObject(author) ? stringOf(author.name) : stringOf(author)))
    .filter((name): name is string => Boolean(name) && !/^https?:/.test(name ?? ''));
  return names.length ? names.join(', ') : null;
}

/** The parts of a page's head that several readers need, gathered once. */
export interface PageHead {
  baseUrl: string;
  metas: Map<string, string>;
  jsonLd: JsonObject[];
}

/** Gathers the base address, <meta> values and JSON-LD objects of a parsed page. */
export function readPageHead(document: Document, url: string): PageHead {
  return {
    baseUrl: document.querySelector('base')?.getAttribute('href') || url,
    metas: metaValues(document),
    jsonLd: jsonLdObjects(document),
  };
}

/** Reads title, site, canonical address, dates, lead image and language from the page head. */
export function collectPageMetadata(document: Document, head: PageHead): PageMetadata {
  const { baseUrl, metas, jsonLd: objects } = head;
  const meta = (...keys: string[]) => pick(metas, ...keys);
  const article = jsonLdArticle(objects);
  const publisher = resolveJsonLdReference(article?.publisher, objects);
  const website = objects.find((o) => o['@type'] === 'WebSite');
  const canonical = document.querySelector('link[rel~="canonical"]')?.getAttribute('href') ?? meta('og:url');
  const metaLanguage = meta('content-language', 'language', 'og:locale') ?? stringOf(article?.inLanguage);
  const headlines = [
    meta('og:title'),
    meta('twitter:title'),
    stringOf(article?.headline),
    document.querySelector('title')?.textContent,
    document.querySelector('h1')?.textContent,
  ]
    .map(pageText)
    .filter((headline): headline is string => headline !== null);
  return {
    headlines,
    title:
      pageText(meta('og:title', 'twitter:title')) ??
      pageText(stringOf(article?.headline)) ??
      pageText(document.querySelector('title')?.textContent) ??
      pageText(document.querySelector('h1')?.textContent),
    byline: pageText(authorNames(meta('author')) ?? authorNames(article?.author, objects)),
    // The page's own name for itself; the publisher's before an application name (a CMS's, often).
    siteName:
      pageText(meta('og:site_name')) ??
      pageText(stringOf(isObject(publisher) ? publisher.name : null)) ??
      pageText(stringOf(website?.name)) ??
      pageText(meta('application-name')),
    canonicalUrl: absoluteUrl(canonical, baseUrl),
    publishedTime:
      meta('article:published_time', 'datepublished', 'dc.date', 'date', 'pubdate') ??
      stringOf(article?.datePublished) ??
      (document.querySelector('time[datetime]')?.getAttribute('datetime')?.trim() || null),
    leadImage: readLeadImage(
      document,
      head,
      absoluteUrl(
        meta('og:image', 'og:image:url', 'twitter:image', 'twitter:image:src') ?? stringOf(article?.image),
        baseUrl,
      ),
    ),
    htmlLang: document.documentElement?.getAttribute('lang')?.trim() || null,
    metaLanguage: metaLanguage?.trim() || null,
  };
}
