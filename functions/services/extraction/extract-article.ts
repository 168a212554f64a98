import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Article } from '../../../shared/schemas/article';
import { ExtractionError } from '../../lib/errors';
import { findAuthorHandles } from './author-handles';
import { removeBoilerplate } from './boilerplate';
import { parsePageDocument } from './page-document';
import { collectPageMetadata } from './page-metadata';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';
import { blockText } from './text-blocks';

export const NO_READABLE_TEXT = 'Could not find readable article text on this page.';

// Links that lead nowhere useful in a thread: same-page anchors and non-web schemes.
function articleLinks(root: Element, pageUrl: string): string[] {
  const page = new URL(pageUrl);
  page.hash = '';
  const seen = new Set<string>();
  for (const anchor of root.querySelectorAll('a[href]')) {
    let link: URL;
    try {
      link = new URL(anchor.getAttribute('href') ?? '', pageUrl);
    } catch {
      continue;
    }
    if (link.protocol !== 'http:' && link.protocol !== 'https:') continue;
    const withoutHash = new URL(link.href);
    withoutHash.hash = '';
    if (withoutHash.href === page.href) continue;
    seen.add(link.href);
  }
  return [...seen];
}

/**
 * Reads the article in a page: plain text with paragraphs separated by blank lines, its links made
 * absolute, and the metadata an attribution needs. Throws ExtractionError when no text is found.
 */
export function extractArticle(html: string, url: string, now: Date = new Date()): Article {
  const document = parsePageDocument(html, url);
  // Readability rewrites the document, so metadata is read first.
  const metadata = collectPageMetadata(document, url);
  const authorHandles = findAuthorHandles(document, url);
  const parsed = new Readability<Element>(document as unknown as Document, {
    serializer: (node) => node as Element,
    // Class names are kept: the boilerplate rules read them.
    keepClasses: true,
  }).parse();
  const root = parsed?.content;
  if (!parsed || !root) throw new ExtractionError(NO_READABLE_TEXT);
  removeBoilerplate(root, { title: parsed.title ?? metadata.title, byline: parsed.byline ?? metadata.byline });
  const content = blockText(root);
  if (!/[\p{L}\p{N}]/u.test(content)) throw new ExtractionError(NO_READABLE_TEXT);
  return {
    url,
    title: (parsed.title || metadata.title || new URL(url).hostname).trim(),
    content,
    links: articleLinks(root, metadata.baseUrl),
    extractedAt: now.toISOString(),
    byline: parsed.byline?.trim() || metadata.byline,
    siteName: parsed.siteName?.trim() || metadata.siteName,
    canonicalUrl: metadata.canonicalUrl,
    publishedTime: parsed.publishedTime?.trim() || metadata.publishedTime,
    leadImage: metadata.leadImage,
    language: parsed.lang?.trim() || metadata.language,
    authorHandles,
  };
}

/** Fetches a page safely (see safeFetch) and extracts its article. */
export async function fetchArticle(url: string, options: SafeFetchOptions): Promise<Article> {
  const page = await safeFetch(url, options);
  const article = extractArticle(page.html, page.url);
  // The caller asked for this address; the final one after redirects is kept as the canonical fallback.
  return { ...article, url, canonicalUrl: article.canonicalUrl ?? (page.url === url ? null : page.url) };
}
