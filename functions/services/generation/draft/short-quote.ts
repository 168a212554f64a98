import type { CheckFailure } from '#shared/messages/post-check';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { type QuoteLimit, quoteLimitText } from '#shared/rights';
import type { Post } from '#shared/schemas/thread';
import type { DraftPost, DraftThread } from './finalize-thread';

/**
 * Short-quote mode, for articles whose publisher reserves text and data mining, says noai or
 * nosnippet, or limits snippets: a hook, at most two posts and the attribution, and no run of the
 * article's words copied longer than the publisher allows. The offline writer's posts are cut to
 * the limit; the model is told to paraphrase, and its posts are checked for the same runs.
 */

/** Body posts a short-quote thread keeps besides the hook and the attribution. */
export const SHORT_QUOTE_POSTS = 2;

interface Word {
  /** Compared form: lower case, letters and digits only. */
  key: string;
  start: number;
  end: number;
}

// Words with their inner apostrophes, hyphens and decimal points, so "city's" or "3.5" is one word.
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({
    key: match[0].toLowerCase().replace(/[’]/g, "'"),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The article's words, indexed by word for finding copied runs. */
export interface ArticleWords {
  keys: string[];
  positions: Map<string, number[]>;
}

export function articleWords(content: string): ArticleWords {
  const keys = wordsOf(content).map((word) => word.key);
  const positions = new Map<string, number[]>();
  keys.forEach((key, index) => {
    const list = positions.get(key);
    if (list) list.push(index);
    else positions.set(key, [index]);
  });
  return { keys, positions };
}

/** A run of a text's words that the article has in the same order: where it is in the text. */
export interface VerbatimRun {
  text: string;
  words: number;
  chars: number;
  start: number;
  end: number;
}

/** The longest run of the text's words found in the same order in the article, or null when none. */
export function longestVerbatimRun(text: string, article: ArticleWords): VerbatimRun | null {
  const words = wordsOf(text);
  let best: { length: number; last: number } | null = null;
  // previous[j]: length of the common run ending at the text's previous word and the article's word j.
  let previous = new Map<number, number>();
  words.forEach((word, i) => {
    const current = new Map<number, number>();
    for (const j of article.positions.get(word.key) ?? []) {
      const length = (previous.get(j - 1) ?? 0) + 1;
      current.set(j, length);
      if (!best || length > best.length) best = { length, last: i };
    }
    previous = current;
  });
  if (!best) return null;
  const { length, last } = best as { length: number; last: number };
  const first = words[last - length + 1];
  const end = words[last];
  if (!first || !end) return null;
  const runText = text.slice(first.start, end.end);
  return { text: runText, words: length, chars: runText.length, start: first.start, end: end.end };
}

const overLimit = (run: VerbatimRun, limit: QuoteLimit) =>
  limit.maxChars !== null ? run.chars > limit.maxChars : run.words > limit.maxWords;

/** The check's failure for a post that copies a run of the article longer than the limit, or null. */
export function verbatimFailure(text: string, article: ArticleWords, limit: QuoteLimit): CheckFailure | null {
  const run = longestVerbatimRun(text, article);
  if (!run || !overLimit(run, limit)) return null;
  return {
    kind: 'verbatim',
    text: run.text.length > 120 ? `${run.text.slice(0, 117)}…` : run.text,
    limit: quoteLimitText(limit),
  };
}

/** The longest opening of a run that stays within the limit, cut at a word's end. */
function allowedOpening(run: VerbatimRun, limit: QuoteLimit): string {
  const words = wordsOf(run.text);
  let kept = '';
  for (let count = 1; count <= words.length; count++) {
    const word = words[count - 1];
    if (!word) break;
    const candidate = run.text.slice(0, word.end);
    if (limit.maxChars !== null ? candidate.length > limit.maxChars : count > limit.maxWords) break;
    kept = candidate;
  }
  return kept;
}

/**
 * Cuts a text so that no run of the article in it is longer than the limit: the text up to the
 * longest run, then as much of the run as the limit allows and an ellipsis (repeated while a run
 * is still too long). What remains is a brief quotation, never a reworded one.
 */
export function clipToLimit(text: string, article: ArticleWords, limit: QuoteLimit): string {
  let clipped = text;
  for (let guard = 0; guard < 20; guard++) {
    const run = longestVerbatimRun(clipped, article);
    if (!run || !overLimit(run, limit)) return clipped;
    const opening = allowedOpening(run, limit).replace(/[\s,;:–—-]+$/u, '');
    clipped = `${clipped.slice(0, run.start)}${opening}…`.trim();
  }
  return clipped;
}

const clipPost = (post: DraftPost, article: ArticleWords, limit: QuoteLimit): DraftPost => ({
  ...post,
  content: clipToLimit(post.content, article, limit),
});

/** A thread draft in short-quote mode: the hook and the first two posts, each cut to the limit, no recap. */
export function shortQuoteDraft(draft: DraftThread, article: ArticleWords, limit: QuoteLimit): DraftThread {
  return {
    title: draft.title,
    hook: clipPost(draft.hook, article, limit),
    hashtags: draft.hashtags,
    posts: draft.posts
      .map((post) => clipPost(post, article, limit))
      .filter((post) => post.content.replace(/…/g, '').trim())
      .slice(0, SHORT_QUOTE_POSTS),
  };
}

/** The model's instructions in short-quote mode, added to its system prompt. */
export function shortQuoteRules(limit: QuoteLimit, signal: string): string[] {
  return [
    `The publisher limits AI use of this article (${signal}). Write in short-quote mode:`,
    `- at most ${SHORT_QUOTE_POSTS} posts besides the hook;`,
    `- paraphrase in your own words; never copy more than ${quoteLimitText(limit)} of the article in a row, in the hook or any post (quotations included). Posts that copy longer runs are rewritten or left out.`,
  ];
}

/**
 * Names a Creative Commons licence beside the attribution: on the last post before it, when the
 * line fits the post (else nowhere: the attribution's text is fixed).
 */
export function withLicenseLine(posts: readonly Post[], line: string | null): Post[] {
  const beforeAttribution = posts.length - 2;
  const post = posts[beforeAttribution];
  if (!line || beforeAttribution < 1 || !post) return [...posts];
  const content = `${post.content}\n\n${line}`;
  if (postLength(content) > POST_CHAR_LIMIT) return [...posts];
  return posts.map((p, i) => (i === beforeAttribution ? { ...p, content, charCount: postLength(content) } : p));
}
