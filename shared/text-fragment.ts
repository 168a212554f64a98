/**
 * Text-fragment links (URL Fragment Text Directives, WICG/W3C): `#:~:text=start[,end]` makes the
 * browser scroll to a passage of the page and highlight it (`::target-text`).
 */

/** Up to this many words, a passage is quoted whole (`text=passage`). */
export const WHOLE_PASSAGE_MAX_WORDS = 8;
/** A longer passage is named by this many words at each end (`text=start,end`). */
export const EDGE_WORDS = 4;

/**
 * One directive term percent-encoded: what encodeURIComponent encodes (`,`, `&`, `#`, spaces,
 * non-ASCII as UTF-8), and also `-`, which the syntax reserves for prefixes and suffixes.
 */
export function encodeTextDirectiveTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, '%2D');
}

/** The directive's value for a passage (whitespace collapsed): whole when short, else start,end. */
export function textDirective(passage: string): string | null {
  const words = passage.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length <= WHOLE_PASSAGE_MAX_WORDS) return encodeTextDirectiveTerm(words.join(' '));
  const start = words.slice(0, EDGE_WORDS).join(' ');
  const end = words.slice(-EDGE_WORDS).join(' ');
  return `${encodeTextDirectiveTerm(start)},${encodeTextDirectiveTerm(end)}`;
}

/**
 * The URL opening `pageUrl` at `passage`: its own fragment replaced by the directive (a page's
 * anchor and a text directive cannot both lead); the bare URL when the passage is empty.
 */
export function textFragmentUrl(pageUrl: string, passage: string): string {
  const url = new URL(pageUrl);
  url.hash = '';
  const directive = textDirective(passage);
  return directive ? `${url.href}#:~:text=${directive}` : url.href;
}
