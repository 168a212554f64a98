import type { CheckItemKind, Post, PostCheck } from '#shared/schemas/thread';
import { analyseText } from '../../text/nlp';
import { voiceWords } from './voices';

/** Integers below this are skipped: articles often spell them out ("three years"). */
const SMALL_INTEGER = 10;
/** Words a quoted span (or each part of one cut with an ellipsis) needs before it counts as a quotation. */
const MIN_QUOTE_WORDS = 3;

const ATTRIBUTION = /^\s*Thread created by .+ Read original article at:/;
const NUMBERING = /^\s*\d{1,2}\/\s*/;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/giu;
const NUMBER = /(?<![\p{L}\p{N}.,])([$€£]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?(?:%|percent\b|per cent\b))?/giu;
const QUOTE = /["“]([^"”\n]{6,}?)["”]/gu;
const ELLIPSIS = /\.{3}|…/u;
/** A thousands separator written as a space (no-break, narrow or thin): "4 000" reads as "4,000". */
const SPACED_THOUSANDS = /(\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))/gu;

/** An item of a post the article does not contain. */
export interface UnsupportedItem {
  kind: CheckItemKind;
  /** As written in the post. */
  text: string;
}

/** An article prepared once for checking many posts against it. */
export interface ArticleReference {
  /** The article in comparable form, padded with a space each side for whole-word matching. */
  comparable: string;
  words: Set<string>;
  numbers: Set<string>;
}

/** What one pass over a text finds: the unsupported items, how many of each kind it saw, and its wording. */
export interface TextScan {
  unsupported: UnsupportedItem[];
  seen: { numbers: number; quotes: number; names: number };
  /** Content words (not stop words, four letters or more) and how many of them the article lacks. */
  contentWords: number;
  novelWords: number;
}

/**
 * Lower-case words and digits joined by single spaces: the form text is compared in, so case,
 * curly or straight quotes and apostrophes, possessives and punctuation never decide a match.
 */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A number's value as written in digits: "4,000" → "4000", "31 percent" → "31". */
function numberKey(whole: string, fraction: string | undefined): string {
  return `${whole.replace(/,/g, '')}${fraction ?? ''}`;
}

function normaliseNumbers(text: string): string {
  return text.replace(SPACED_THOUSANDS, '$1,');
}

let lastReference: { articleText: string; reference: ArticleReference } | undefined;

/**
 * Prepares the article text (credit line, title and body) for `scanText` and `checkPost`. One
 * generation checks the draft, each post and the whole thread against the same article: the last
 * reference is kept, since preparing a long article costs more than checking all its posts.
 */
export function articleReference(articleText: string): ArticleReference {
  if (lastReference?.articleText !== articleText) {
    lastReference = { articleText, reference: prepareReference(articleText) };
  }
  return lastReference.reference;
}

function prepareReference(articleText: string): ArticleReference {
  const normalised = normaliseNumbers(articleText);
  const text = comparable(normalised);
  const numbers = new Set<string>();
  for (const match of normalised.matchAll(NUMBER)) numbers.add(numberKey(match[2] ?? '', match[3]));
  return { comparable: ` ${text} `, words: new Set(text.split(' ')), numbers };
}

/** Whether a passage (or, cut with an ellipsis, each part of it) appears in the article, compared as words. */
function passageFound(passage: string, article: ArticleReference, minWords: number): boolean {
  const parts = passage
    .split(ELLIPSIS)
    .map(comparable)
    .filter((part) => part && part.split(' ').length >= minWords);
  return parts.every((part) => article.comparable.includes(` ${part} `));
}

/** Whether a post's cited source passage is in the article; an empty citation is not. */
export function sourceFound(source: string, article: ArticleReference): boolean {
  return comparable(source) !== '' && passageFound(source, article, 1);
}

/** The text of a post a reader would check against the article: no numbering, hashtags or links. */
export function checkableText(content: string): string {
  return content.replace(NUMBERING, '').replace(HASHTAG, ' ').replace(URL, ' ').trim();
}

/**
 * One pass over a text: every number (thousands separators and "%"/"percent" aside), quotation
 * (straight or curly marks; each part of one cut with an ellipsis) and name (capitalised words not
 * at the start of a sentence, or tagged proper nouns there, compared without case) that the article
 * lacks, plus how much of its wording is new.
 */
export function scanText(
  rawText: string,
  article: ArticleReference,
  /** The text's language: how its words are read (a capital opening a sentence is no name in any). */
  language?: string | null,
  /** A translated thread's quotations are the article's in another language: marked as such, not matched word for word. */
  quotesTranslated = false,
): TextScan {
  const text = normaliseNumbers(rawText);
  const unsupported: UnsupportedItem[] = [];
  const seen = { numbers: 0, quotes: 0, names: 0 };

  for (const match of text.matchAll(NUMBER)) {
    const [written, currency, whole = '', fraction, percent] = match;
    if (!currency && !fraction && !percent && Number(whole.replace(/,/g, '')) < SMALL_INTEGER) continue;
    seen.numbers++;
    if (!article.numbers.has(numberKey(whole, fraction))) unsupported.push({ kind: 'number', text: written.trim() });
  }

  for (const match of quotesTranslated ? [] : text.matchAll(QUOTE)) {
    const quoted = match[1]?.trim() ?? '';
    if (!quoted.split(ELLIPSIS).some((part) => comparable(part).split(' ').length >= MIN_QUOTE_WORDS)) continue;
    seen.quotes++;
    if (!passageFound(quoted, article, MIN_QUOTE_WORDS)) unsupported.push({ kind: 'quote', text: quoted });
  }

  const analysed = analyseText(text, language);
  // The writer's own phrases in the thread's language ('Unterm Strich:') are no claim of the article's.
  const own = voiceWords(language);
  let contentWords = 0;
  let novelWords = 0;
  const names = new Set<string>();
  for (const sentence of analysed.sentences) {
    let name: string[] = [];
    let nameMissing = false;
    const flush = () => {
      const written = name.join(' ');
      if (name.length > 0 && !names.has(written)) {
        names.add(written);
        seen.names++;
        if (nameMissing) unsupported.push({ kind: 'name', text: written });
      }
      name = [];
      nameMissing = false;
    };
    let first = true;
    for (let i = sentence.tokenStart; i < sentence.tokenEnd; i++) {
      const value = analysed.value[i] ?? '';
      if (analysed.type[i] !== 'word') {
        if (analysed.type[i] !== 'punctuation' || value !== '-') flush();
        continue;
      }
      const key = comparable(value);
      const looksLikeName =
        /^\p{Lu}/u.test(value) &&
        value !== 'I' &&
        // A function word ("If", "Here's", "The") is capitalised for position, never a name of its own.
        !analysed.stop[i] &&
        (!first || analysed.pos[i] === 'PROPN') &&
        !own.has(value) &&
        key.length > 1;
      first = false;
      if (looksLikeName) {
        name.push(value);
        if (!wordFound(key, analysed.text, analysed.offset[i] ?? 0, article)) nameMissing = true;
      } else flush();
      if (!analysed.stop[i] && key.length >= 4 && /^\p{L}+$/u.test(key)) {
        contentWords++;
        if (!article.words.has(key) && !article.words.has(comparable(analysed.lemma[i] ?? ''))) novelWords++;
      }
    }
    flush();
  }

  return { unsupported, seen, contentWords, novelWords };
}

/**
 * Whether a word of a name is in the article: on its own, or as part of the run of characters it
 * was written in, which the tokenizer may have cut ("4Motion" reads as "4" and "Motion").
 */
function wordFound(key: string, text: string, offset: number, article: ArticleReference): boolean {
  if (key.split(' ').every((w) => article.words.has(w))) return true;
  const start = text.slice(0, offset).search(/\S+$/u);
  const run = text.slice(start === -1 ? offset : start).match(/^\S+/u)?.[0] ?? '';
  const runKey = comparable(run);
  return runKey !== '' && runKey.split(' ').every((w) => article.words.has(w));
}

/** Whether a post is the app's attribution line (never checked: the app wrote it, not the article). */
export function isAttribution(content: string): boolean {
  return ATTRIBUTION.test(content);
}

/**
 * A post's check against the article: 'checked' when every number, quotation and name in it is in
 * the article and its cited `source` (when it has one) is too, else 'failed' with what was not.
 * Pure: the offline writer's bench and the LLM path call the same function.
 */
export function checkPost(
  post: { content: string; source?: string },
  article: ArticleReference,
  language?: string | null,
  quotesTranslated = false,
): PostCheck {
  const scan = scanText(checkableText(post.content), article, language, quotesTranslated);
  const missing = [...scan.unsupported];
  if (post.source !== undefined && !sourceFound(post.source, article)) {
    missing.push({ kind: 'source', text: post.source.trim() });
  }
  // Bounded as the thread schema stores them.
  const shown = missing.slice(0, 20).map((item) => ({ kind: item.kind, text: item.text.slice(0, 500) }));
  return missing.length
    ? { status: 'failed', found: scan.seen, missing: shown }
    : { status: 'checked', found: scan.seen };
}

/** The posts with their checks: every post but the attribution, against the article text. */
export function withChecks(
  posts: readonly Post[],
  articleText: string,
  language?: string | null,
  quotesTranslated = false,
): Post[] {
  const article = articleReference(articleText);
  return posts.map((post) =>
    isAttribution(post.content) ? post : { ...post, check: checkPost(post, article, language, quotesTranslated) },
  );
}
