import { parseHTML } from 'linkedom';

/**
 * The one decoder of text a page gives in its head and structured data (meta content, JSON-LD,
 * Readability's metadata): structured data often carries HTML entities verbatim ('Tom&nbsp;Jerry',
 * '&#8217;'), and a meta value may be escaped twice ('&amp;nbsp;').
 */

// One scratch document for the module: an element's innerHTML decodes entities as a browser does
// (the whole HTML named set, numeric, legacy forms without ';'), so no table of our own is kept.
let scratch: Document | undefined;

/** Named and numeric HTML entities decoded, as an HTML parser would decode them in text. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  scratch ??= parseHTML('<!doctype html><html><body></body></html>').document;
  const holder = scratch.createElement('div');
  // Only entities are read: a '<' stays text instead of opening an element.
  holder.innerHTML = text.replace(/</g, '&lt;');
  return holder.textContent ?? text;
}

/**
 * A text field taken from the page (title, author, outlet, description): entities decoded, no-break
 * and other spaces as one space, trimmed; null when nothing is left.
 */
export function pageText(value: string | null | undefined): string | null {
  if (!value) return null;
  return decodeEntities(value).replace(/\s+/gu, ' ').trim() || null;
}
