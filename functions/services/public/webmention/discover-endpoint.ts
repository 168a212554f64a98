import LinkHeader from 'http-link-header';
import { parseHtmlDocument } from '#functions/lib/html/parse-html';

/**
 * Webmention endpoint discovery (W3C Webmention §3.1.2), from an article already fetched (redirects
 * followed): the first HTTP `Link` header with rel `webmention`, else the first `<link>` or `<a>`
 * with rel `webmention` and an href, in document order. Rel values are space-separated lists; the
 * endpoint resolves against the final URL (an empty href is the page itself) and keeps its query.
 */
export function discoverWebmentionEndpoint(
  linkHeaders: string[],
  html: string | null,
  finalUrl: string,
): string | null {
  for (const header of linkHeaders) {
    let links: LinkHeader;
    try {
      links = LinkHeader.parse(header);
    } catch {
      // A malformed Link header declares nothing; the page may still.
      continue;
    }
    const found = links.refs.find((ref) => hasWebmentionRel(ref.rel));
    if (found) return resolve(found.uri, finalUrl);
  }
  if (html === null) return null;
  const document = parseHtmlDocument(html);
  for (const element of document.querySelectorAll('link[rel][href], a[rel][href]')) {
    if (hasWebmentionRel(element.getAttribute('rel') ?? ''))
      return resolve(element.getAttribute('href') ?? '', finalUrl);
  }
  return null;
}

function hasWebmentionRel(rel: string): boolean {
  return rel.toLowerCase().split(/\s+/).includes('webmention');
}

function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
