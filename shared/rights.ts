import type { ArticleRights } from './schemas/article';

/** Words in a verbatim run when the publisher limits snippets without a number (nosnippet, noai, a TDM reservation). */
export const DEFAULT_QUOTE_WORDS = 25;

/** The longest verbatim run of the article a short-quote thread may hold. */
export interface QuoteLimit {
  /** Characters (max-snippet), or null when counted in words. */
  maxChars: number | null;
  maxWords: number;
}

/**
 * The publisher's signal that puts a thread into short-quote mode, as the badge names it
 * ('tdm-reservation: 1', 'noai', 'nosnippet', 'max-snippet: 120'), or null when nothing limits it.
 */
export function shortQuoteSignal(rights: ArticleRights | undefined | null): string | null {
  if (!rights) return null;
  if (rights.reservation) return 'tdm-reservation: 1';
  if (rights.noai) return 'noai';
  if (rights.nosnippet) return 'nosnippet';
  if (rights.maxSnippet !== null) return `max-snippet: ${rights.maxSnippet}`;
  return null;
}

/** How long a verbatim run may be in short-quote mode, or null when the publisher sets no limit. */
export function quoteLimit(rights: ArticleRights | undefined | null): QuoteLimit | null {
  if (!shortQuoteSignal(rights)) return null;
  const chars = rights?.maxSnippet ?? null;
  // max-snippet:0 forbids snippets outright; nothing is refused, so the word rule applies.
  return { maxChars: chars && chars > 0 ? chars : null, maxWords: DEFAULT_QUOTE_WORDS };
}

/** The limit in words a person reads: '120 characters' or '25 words'. */
export function quoteLimitText(limit: QuoteLimit): string {
  return limit.maxChars !== null ? `${limit.maxChars} characters` : `${limit.maxWords} words`;
}

/** The line naming a Creative Commons licence beside the attribution: 'Licensed CC BY 4.0'. */
export function licenseLine(rights: ArticleRights | undefined | null): string | null {
  return rights?.license?.name ? `Licensed ${rights.license.name}` : null;
}
