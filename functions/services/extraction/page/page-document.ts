import { parseHtmlDocument } from '#functions/lib/html/parse-html';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The address relative links resolve against: the page's own <base href> (resolved), else its URL. */
export function pageBaseUrl(html: string, url: string): string {
  const declared = /<base\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const href = declared?.[1] ?? declared?.[2] ?? declared?.[3];
  if (href) {
    try {
      return new URL(href.trim(), url).href;
    } catch {
      // A broken <base> is ignored, as browsers do.
    }
  }
  return url;
}

// Comments, scripts and styles in one left-to-right scan, so each ends where the HTML tokenizer ends it.
const INERT_MARKUP = /<!--[\s\S]*?-->|<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>/gi;

/** Drops markup that never holds article text (keeping JSON-LD), which halves parsing time on news pages. */
function stripInertMarkup(html: string): string {
  return html.replace(INERT_MARKUP, (markup) => (/^<script[^>]*application\/ld\+json/i.test(markup) ? markup : ''));
}

/**
 * Parses a page into a fresh linkedom document with an absolute `<base href>` first in the head
 * (linkedom resolves nothing itself), fragments wrapped in `<html><body>` and attribute names
 * lowercased as a browser reads them.
 */
export function parsePageDocument(page: string, url: string): Document {
  const html = stripInertMarkup(page);
  const base = `<base href="${escapeAttribute(pageBaseUrl(html, url))}">`;
  let source: string;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    source = `${html.slice(0, at)}${base}${html.slice(at)}`;
  } else if (root) {
    const at = root.index + root[0].length;
    source = `${html.slice(0, at)}<head>${base}</head>${html.slice(at)}`;
  } else if (/<body(\s[^>]*)?>/i.test(html)) {
    source = `<!doctype html><html><head>${base}</head>${html}</html>`;
  } else {
    source = `<!doctype html><html><head>${base}</head><body>${html}</body></html>`;
  }
  return parseHtmlDocument(source);
}
