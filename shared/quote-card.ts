import { quoteLimit } from './rights';
import type { Post, Thread } from './schemas/thread';
import { hostOf } from './url';

/**
 * Quote cards (issue #39): an image of a verbatim passage of the article with its credit. Which
 * post may have one, the words it shows, its alt text and the offline writer's one suggestion.
 */

/** The longest passage a card shows: readable on a 1200×675 card, and its alt text stays within X's 1,000 characters. */
export const QUOTE_CARD_MAX_CHARS = 600;
/** Threads this long get the offline writer's suggested card. */
export const SUGGESTED_CARD_MIN_POSTS = 6;
/** Words a quotation (or a passage cut to the short-quote limit) needs to stand on a card. */
const MIN_CARD_WORDS = 3;

/** Why a post cannot have a card. */
export type QuoteCardRefusal = 'attribution' | 'no-source' | 'headline' | 'not-a-passage' | 'too-long' | 'quote-limit';

export const quoteCardRefusalMessages: Record<QuoteCardRefusal, string> = {
  attribution: 'The attribution post cannot have a quote card.',
  'no-source': 'This post has no passage of the article to quote.',
  headline: "This post was written from the headline, not from the article's text.",
  'not-a-passage': "This post's source is neither a whole sentence nor a quotation of the article.",
  'too-long': `This passage is too long for a quote card (at most ${QUOTE_CARD_MAX_CHARS} characters).`,
  'quote-limit': "The publisher's short-quote limit leaves too few words of this passage for a card.",
};

/** The words a card shows, verbatim (`shortened`: cut to the short-quote limit, ending in '…'), or why none. */
export type QuoteCardPassage = { passage: string; shortened: boolean } | { passage: null; reason: QuoteCardRefusal };

/** Who the card credits: the article's author and outlet when known, and the article's domain. */
export interface QuoteCardCredit {
  author: string | null;
  outlet: string | null;
  domain: string | null;
}

// Words as the short-quote rule counts them (the same pattern as functions/services/generation/draft/short-quote.ts).
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
// A sentence opens with a capital, a figure, an opening quote or bracket, or a letter of a script without case.
const SENTENCE_START = /^[\p{Lu}\p{Lt}\p{Lo}\p{N}“"‘'«„「『《(（[]/u;
// …and ends with its own stop, maybe inside a closing quote or bracket.
const SENTENCE_END = /[.!?…。！？](?:[”"’'»」』》)）\]])*$/u;
const QUOTATION = /[“"«„「『]([^“”"«»„「」『』\n]+)[”"»“」』]/gu;
/** A number other than a lone year: the article's key figure. */
const FIGURE = /\d/u;
const YEAR = /\b(?:1[89]|20)\d{2}\b/gu;

function wordCount(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

function isWholeSentence(text: string): boolean {
  return SENTENCE_START.test(text) && SENTENCE_END.test(text);
}

/** The longest quotation in a text of at least three words, without its quote marks, or null. */
function longestQuotation(text: string): string | null {
  const quotations = [...text.matchAll(QUOTATION)]
    .map((match) => match[1]?.trim() ?? '')
    .filter((quoted) => wordCount(quoted) >= MIN_CARD_WORDS);
  return quotations.sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * The opening of a passage within the short-quote limit, cut after a whole word and marked with
 * '…' (the posts of a short-quote thread are cut the same way), or null when fewer than three
 * words would remain. Cutting rather than refusing keeps the card verbatim and its elision visible.
 */
function withinLimit(passage: string, limit: { maxChars: number | null; maxWords: number }): string | null {
  const words = [...passage.matchAll(WORD)];
  const fits = (end: number, count: number) =>
    limit.maxChars !== null ? end <= limit.maxChars : count <= limit.maxWords;
  const last = words.at(-1);
  if (!last || fits(last.index + last[0].length, words.length)) return passage;
  let kept = 0;
  while (kept < words.length) {
    const word = words[kept];
    if (!word || !fits(word.index + word[0].length, kept + 1)) break;
    kept++;
  }
  const end = words[kept - 1];
  if (kept < MIN_CARD_WORDS || !end) return null;
  return `${passage.slice(0, end.index + end[0].length).replace(/[\s,;:–—-]+$/u, '')}…`;
}

/**
 * The passage a post's quote card shows: the post's source when it is a whole sentence of the
 * article, else the longest quotation in it, cut to the publisher's short-quote limit; null with
 * the reason when the post has none (the attribution, no source, the headline, a fragment).
 * Any post but the attribution may have one, the hook included: its source is checked the same way.
 */
export function quoteCardPassage(
  post: Pick<Post, 'id' | 'source'>,
  thread: Pick<Thread, 'posts' | 'rights' | 'title'>,
): QuoteCardPassage {
  if (post.id === thread.posts.at(-1)?.id) return { passage: null, reason: 'attribution' };
  const source = post.source?.trim().replace(/\s+/gu, ' ');
  if (!source) return { passage: null, reason: 'no-source' };
  if (source === thread.title.trim()) return { passage: null, reason: 'headline' };
  const passage = isWholeSentence(source) ? source : longestQuotation(source);
  if (!passage) return { passage: null, reason: 'not-a-passage' };
  if (passage.length > QUOTE_CARD_MAX_CHARS) return { passage: null, reason: 'too-long' };
  const limit = quoteLimit(thread.rights);
  const shown = limit ? withinLimit(passage, limit) : passage;
  if (!shown) return { passage: null, reason: 'quote-limit' };
  return { passage: shown, shortened: shown !== passage };
}

/**
 * The card's credit from the thread: its author as the page gave it, the outlet when the caller
 * knows the page's site name (threads do not keep it), and the article's domain without 'www.'.
 */
export function quoteCardCredit(
  thread: Pick<Thread, 'author' | 'sourceUrl'>,
  siteName: string | null = null,
): QuoteCardCredit {
  const clean = (value: string | null | undefined) => value?.trim().replace(/\s+/gu, ' ') || null;
  return {
    author: clean(thread.author),
    outlet: clean(siteName),
    domain: hostOf(thread.sourceUrl)?.replace(/^www\./u, '') ?? null,
  };
}

/**
 * The card's alt text: the passage and the credit, word for word:
 * '“{passage}” — {author}, {outlet} ({domain})', leaving out what is unknown.
 */
export function quoteCardAlt(passage: string, credit: QuoteCardCredit): string {
  const names = [credit.author, credit.outlet].filter(Boolean).join(', ');
  const by = names && credit.domain ? `${names} (${credit.domain})` : names || credit.domain;
  return by ? `“${passage}” — ${by}` : `“${passage}”`;
}

/**
 * The offline writer's one suggested card for a thread of six posts or more: the first post whose
 * passage holds a quotation, else the first with the article's key figure (a number other than a
 * lone year); null when no post has either.
 */
export function suggestQuoteCard(thread: Pick<Thread, 'posts' | 'rights' | 'title'>): string | null {
  if (thread.posts.length < SUGGESTED_CARD_MIN_POSTS) return null;
  const candidates = thread.posts.flatMap((post) => {
    const card = quoteCardPassage(post, thread);
    return card.passage === null ? [] : [{ id: post.id, passage: card.passage }];
  });
  const quotation = candidates.find((c) => longestQuotation(c.passage) !== null);
  const figure = candidates.find((c) => FIGURE.test(c.passage.replace(YEAR, '')));
  return (quotation ?? figure)?.id ?? null;
}
