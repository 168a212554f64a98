import { GenerationFailedError } from '#functions/lib/errors';
import { attributionText } from '#shared/attribution';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import { splitReadable } from '#shared/readable-split';
import type { Post } from '#shared/schemas/thread';
import type { Tone } from '#shared/tones';
import { analyseText } from '../../text/nlp';

/** A post as a generator writes it, before numbering, splitting and attribution. */
export interface DraftPost {
  content: string;
  /** The article passage the post was written from. */
  source?: string;
}

/** What both generators hand to `finalizeThread`. */
export interface DraftThread {
  title: string;
  /** The opening post, without hashtags. */
  hook: DraftPost;
  hashtags: string[];
  /** The numbered posts, unnumbered (any numbering the model added is stripped). */
  posts: DraftPost[];
  /** A closing recap, kept as the last numbered post whatever the cap on posts leaves out. */
  recap?: DraftPost;
  /** The tone whose phrases the offline writer used, when the thread's language has no voice for the one asked for. */
  voiceTone?: Tone;
}

export const MAX_POSTS = 15;
/** Hook and attribution are not numbered: the rest of the 15 are numbered posts. */
const MAX_NUMBERED_POSTS = MAX_POSTS - 2;
const MAX_HASHTAGS = 3;
const MAX_SOURCE_CHARS = 2_000;
/** Room left for the widest number prefix, "13/ ". */
const NUMBERED_BUDGET = POST_CHAR_LIMIT - postLength(`${MAX_NUMBERED_POSTS}/ `);

// "1/", "1/5", "(1/5)", "[1/5]", "1." or "1)" at the start; "1/5", "(1/5)" or "[1/5]" at the end.
const LEADING_NUMBERING = /^\s*(?:[([]\s*\d{1,2}\s*\/\s*\d{0,2}\s*[)\]]|\d{1,2}\s*\/\s*\d{0,2}|\d{1,2}[.)])\s+/u;
const TRAILING_NUMBERING = /\s+(?:[([]\s*\d{1,2}\s*\/\s*\d{1,2}\s*[)\]]|\d{1,2}\s*\/\s*\d{1,2})\s*$/u;
const TRAILING_HASHTAGS = /(?:\s+#[\p{L}\p{N}_]+)+\s*$/u;
const ATTRIBUTION_START = /^\s*thread created by\b/i;

/** Trims, collapses runs of blank lines and strips numbering a model may have added. */
function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(LEADING_NUMBERING, '')
    .replace(TRAILING_NUMBERING, '')
    .trim();
}

/** A valid hashtag (`#` + letters, digits, underscore) or null. */
export function normaliseHashtag(tag: string): string | null {
  const body = tag.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '');
  return body && /[\p{L}_]/u.test(body) ? `#${body}` : null;
}

const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Hard cut by graphemes, for a single "word" longer than a whole post: each chunk the longest run
 * of graphemes that fits, found by halving (one measure per step, not one per grapheme).
 */
function splitGraphemes(word: string, budget: number): string[] {
  const graphemes = [...graphemeSegmenter.segment(word)].map(({ segment }) => segment);
  const chunks: string[] = [];
  let start = 0;
  while (start < graphemes.length) {
    let low = start + 1;
    let high = graphemes.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (postLength(graphemes.slice(start, middle).join('')) <= budget) low = middle;
      else high = middle - 1;
    }
    chunks.push(graphemes.slice(start, low).join(''));
    start = low;
  }
  return chunks;
}

/**
 * Splits text into pieces that each fit `budget` (weighted length) and read on their own: whole
 * sentences where possible, clauses when a sentence alone is too long, words when a clause is, and
 * graphemes only for a single word longer than a post. Pieces are substrings of the text, trimmed.
 */
export function splitToFit(text: string, budget: number, language?: string | null): string[] {
  // wink-nlp's sentences for English; any other language's from Intl.Segmenter in its locale.
  const english = !language || language === 'en';
  return splitReadable(
    text,
    { limit: budget, measure: postLength },
    english ? (t) => analyseText(t).sentences : undefined,
    english ? 'en' : language,
  ).flatMap((piece) => (postLength(piece) > budget ? splitGraphemes(piece, budget) : [piece]));
}

function clipSource(source: string | undefined): string | undefined {
  const trimmed = source?.trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_SOURCE_CHARS ? trimmed.slice(0, MAX_SOURCE_CHARS) : trimmed;
}

function toPost(index: number, content: string, source: string | undefined): Post {
  const post: Post = { id: `post-${index}`, content, charCount: postLength(content) };
  const clipped = clipSource(source);
  if (clipped) post.source = clipped;
  return post;
}

/**
 * The guarantees every generated thread meets (used by both generators): a hook with hashtags,
 * numbered posts "1/ … n/", the exact attribution last, 3 to 15 posts, each within 280 weighted
 * characters (long ones split at sentence, clause or word boundaries, never inside a URL), no empty posts,
 * ids `post-{index}` and charCount = weighted length.
 */
export function finalizeThread(
  draft: DraftThread,
  target: {
    appHost: string;
    articleUrl: string /** The thread's language, where its sentences end. */;
    language?: string | null;
  },
): Post[] {
  const attribution = attributionText(target.appHost, target.articleUrl);
  const split = (text: string, budget: number) => splitToFit(text, budget, target.language);

  // Hashtags the model left at the end of the hook join the requested ones.
  let hookText = cleanText(draft.hook.content);
  const inlineTags = hookText.match(TRAILING_HASHTAGS)?.[0].trim().split(/\s+/) ?? [];
  hookText = hookText.replace(TRAILING_HASHTAGS, '').trim();
  const hashtags = [...new Set([...draft.hashtags, ...inlineTags].map(normaliseHashtag).filter((t) => t !== null))]
    .filter((tag, i, all) => all.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i)
    .slice(0, MAX_HASHTAGS);

  const body: DraftPost[] = draft.posts
    .map((p) => ({ content: cleanText(p.content), source: p.source }))
    .filter((p) => p.content && !ATTRIBUTION_START.test(p.content));

  let hookSource = draft.hook.source;
  if (!hookText) {
    const first = body.shift();
    if (!first) throw new GenerationFailedError('The generated thread was empty. Please try again.');
    hookText = first.content;
    hookSource = first.source;
  }

  // A hook too long for one post keeps its opening and hands the rest to the numbered posts.
  const tagLine = hashtags.join(' ');
  const hookBudget = tagLine ? POST_CHAR_LIMIT - postLength(`\n\n${tagLine}`) : POST_CHAR_LIMIT;
  const [hookOpening = '', ...hookRest] = split(hookText, hookBudget);
  const hookContent = tagLine ? `${hookOpening}\n\n${tagLine}` : hookOpening;

  const numbered: DraftPost[] = [];
  for (const piece of [...hookRest.map((content) => ({ content, source: hookSource })), ...body]) {
    for (const content of split(piece.content, NUMBERED_BUDGET)) numbered.push({ content, source: piece.source });
  }
  if (numbered.length === 0) {
    throw new GenerationFailedError('The generated thread had no posts besides the hook. Please try again.');
  }
  const recap = draft.recap
    ? split(cleanText(draft.recap.content), NUMBERED_BUDGET).map((content) => ({
        content,
        source: draft.recap?.source,
      }))
    : [];
  const kept = [...numbered.slice(0, MAX_NUMBERED_POSTS - recap.length), ...recap];

  const posts: Post[] = [toPost(0, hookContent, hookSource)];
  kept.forEach((p, i) => {
    posts.push(toPost(i + 1, `${i + 1}/ ${p.content}`, p.source));
  });
  posts.push(toPost(posts.length, attribution, undefined));
  return posts;
}
