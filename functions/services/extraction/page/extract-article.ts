import { Readability } from '@mozilla/readability';
import { ExtractionError } from '#functions/lib/errors';
import { logger } from '#functions/lib/logger';
import { apiErrorMessages } from '#shared/messages/api-errors';
import type { Article } from '#shared/schemas/article';
import { detectArticleLanguage } from './article-language';
import { findAuthorHandles } from './author-handles';
import { removeBoilerplate, removeFurnitureBeforeReadability } from './boilerplate';
import { authorFromByline, outletFromHost } from './page-credit';
import { parsePageDocument } from './page-document';
import { collectPageMetadata, readPageHead } from './page-metadata';
import { pageText } from './page-text';
import {
  combineRights,
  NO_ROBOTS,
  readHeaderSignals,
  readPageSignals,
  ruleFor,
  type TdmDeclaration,
  type TdmRule,
} from './publisher-signals';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';
import { fetchTdmrepFile } from './tdmrep-file';
import { blockText, visibleText } from './text-blocks';

export const NO_READABLE_TEXT = 'Could not find readable article text on this page.';
const MIN_ARTICLE_WORDS = 25;

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

function readWithReadability(document: Document) {
  try {
    return new Readability<Element>(document, {
      serializer: (node) => node as Element,
      // Class names are kept: the boilerplate rules read them.
      keepClasses: true,
    }).parse();
  } catch {
    // Readability gives up on documents it cannot make sense of; for the user that is the same as no text.
    throw new ExtractionError(NO_READABLE_TEXT);
  }
}

/** What the response around a page said: its headers and the origin's tdmrep.json rule for it. */
export interface PageContext {
  headers?: Headers;
  siteRule?: TdmDeclaration | null;
}

/**
 * Reads an article in a page: plain text with paragraphs separated by blank lines, its links made
 * absolute, the metadata an attribution needs and the publisher's signals (with the response's
 * headers and site rule when fetched). Throws ExtractionError when no text is found.
 */
export function extractArticle(html: string, url: string, now: Date = new Date(), context: PageContext = {}): Article {
  if (!URL.canParse(url)) throw new ExtractionError(apiErrorMessages.invalid_url, 'invalid_url');
  const document = parsePageDocument(html, url);
  // Readability rewrites the document, so metadata and signals are read first.
  const page = readPageSignals(document);
  const headers = context.headers
    ? readHeaderSignals(context.headers)
    : { value: { tdm: null, robots: NO_ROBOTS }, problems: [] };
  const problems = [...page.problems, ...headers.problems];
  // A malformed signal counts as not reserving; the publisher's mistake is logged, not shown.
  if (problems.length) logger.warn('malformed publisher signals ignored', { url, problems });
  const rights = combineRights({ page: page.value, headers: headers.value, file: context.siteRule ?? null });
  const head = readPageHead(document, url);
  const metadata = collectPageMetadata(document, head);
  const authorHandles = findAuthorHandles(document, head);
  // The whole page's text, before Readability keeps only the story: where passage links must land.
  const visiblePageText = document.body ? visibleText(document.body) : '';
  if (document.body) removeFurnitureBeforeReadability(document.body);
  const parsed = readWithReadability(document);
  const root = parsed?.content;
  if (!parsed || !root) throw new ExtractionError(NO_READABLE_TEXT);
  // Readability's metadata decodes a few entities only: its text goes through the same decoder.
  const title = pageText(parsed.title) ?? metadata.title;
  const byline = pageText(parsed.byline) ?? metadata.byline;
  removeBoilerplate(root, { titles: [title ?? '', ...metadata.headlines], byline, url });
  const content = blockText(root);
  // A handful of words is a menu or a caption, not something to write a thread about.
  if ((content.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) < MIN_ARTICLE_WORDS) throw new ExtractionError(NO_READABLE_TEXT);
  const headline = title ?? new URL(url).hostname;
  const language = detectArticleLanguage(
    {
      htmlLang: parsed.lang?.trim() || metadata.htmlLang,
      contentLanguage: context.headers?.get('content-language'),
      metaLanguage: metadata.metaLanguage,
    },
    `${headline}\n\n${content}`,
  );
  return {
    url,
    title: headline,
    content,
    links: articleLinks(root, head.baseUrl),
    extractedAt: now.toISOString(),
    // The author's bare name, once, for every platform's credit and the public page.
    byline: authorFromByline(byline),
    siteName: pageText(parsed.siteName) ?? metadata.siteName ?? outletFromHost(url),
    canonicalUrl: metadata.canonicalUrl,
    publishedTime: parsed.publishedTime?.trim() || metadata.publishedTime,
    leadImage: metadata.leadImage?.url ?? null,
    leadImageAlt: metadata.leadImage?.alt ?? null,
    leadImageCredit: metadata.leadImage?.credit ?? null,
    language,
    authorHandles,
    rights,
    pageText: visiblePageText,
  };
}

/**
 * Fetches a page safely (see safeFetch) and extracts its article with the publisher's signals; the
 * origin's tdmrep.json rules come from `tdmrepRules` (the extraction service caches them) or are fetched.
 */
export async function fetchArticle(
  url: string,
  options: SafeFetchOptions,
  tdmrepRules: (pageUrl: string) => Promise<TdmRule[]> = async (pageUrl) =>
    (await fetchTdmrepFile(pageUrl, options)).rules,
): Promise<Article> {
  const page = await safeFetch(url, options);
  const siteRule = ruleFor(await tdmrepRules(page.url), new URL(page.url));
  const article = extractArticle(page.html, page.url, new Date(), { headers: page.headers, siteRule });
  // The caller asked for this address; the final one after redirects is kept as the canonical fallback.
  const redirected = page.url !== new URL(url.trim()).href;
  return { ...article, url, canonicalUrl: article.canonicalUrl ?? (redirected ? page.url : null) };
}
