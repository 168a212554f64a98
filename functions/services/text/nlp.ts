import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { writesWithoutSpaces } from '#shared/languages';
import { sentenceSpans } from '#shared/readable-split';
import { stopWordsOf } from './stop-words';

// Loading the language model takes about half a second: do it once per module, at cold start.
// Only sentences and part-of-speech tags are read: entities, negation and sentiment would cost a
// third of every reading (tags, lemmas and sentences come out the same without them).
const nlp = winkNLP(model, ['sbd', 'pos']);
const its = nlp.its;

let lastAnalysis: AnalysedText | undefined;

/** One sentence of an analysed text: char range in the text and token range (end exclusive). */
export interface SentenceSpan {
  start: number;
  end: number;
  tokenStart: number;
  tokenEnd: number;
}

/** Token columns and sentences of a text, with char offsets that index the original string. */
export interface AnalysedText {
  text: string;
  /** Token text as written. */
  value: string[];
  /** Lower-cased token text. */
  normal: string[];
  lemma: string[];
  /** Universal POS tag (NOUN, PROPN, VERB, ADJ, NUM, PUNCT, SPACE, …). */
  pos: string[];
  /** wink token type: word, number, punctuation, url, email, emoji, tabCRLF, … */
  type: string[];
  stop: boolean[];
  /** Char offset of each token in `text`. */
  offset: number[];
  sentences: SentenceSpan[];
  /** The language read: 'en' by wink-nlp's model, any other by Unicode segmentation (no lemmas or tags). */
  language: string;
}

/**
 * The tag of a word in a language wink-nlp does not read: it may be a noun, a verb or anything
 * else. Capitalised names are still told apart (PROPN, and German's capitalised nouns as NOUN).
 */
export const UNTAGGED = 'UNTAGGED';

/** Whether a token may be a verb: tagged as one, or untagged. */
export function mayBeVerb(pos: string | undefined): boolean {
  return pos === 'VERB' || pos === 'AUX' || pos === UNTAGGED;
}

/**
 * Tokenises, tags and sentence-splits a text: English (and a text of unknown language) with
 * wink-nlp, any other language with Intl.Segmenter in that language's locale (words and sentences,
 * so Chinese, Japanese and Thai split where they should) and the language's function words.
 * Sentences are also cut at line breaks, so headings and list items never merge with the paragraph
 * that follows.
 */
export function analyseText(text: string, language?: string | null): AnalysedText {
  const lang = language && language !== 'en' ? language : 'en';
  // Themes, the offline generator and the classifier often read the same article in one request.
  if (lastAnalysis?.text === text && lastAnalysis.language === lang) return lastAnalysis;
  lastAnalysis = lang === 'en' ? readEnglish(text) : readAnyLanguage(text, lang);
  return lastAnalysis;
}

function readEnglish(text: string): AnalysedText {
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const value = tokens.out() as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const normal = tokens.out(its.normal) as string[];
  // The typings declare lemma with an addons parameter that `out` does not accept; it works at runtime.
  const lemma = tokens.out(its.lemma as never) as string[];
  const pos = tokens.out(its.pos) as string[];
  const type = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];

  // wink keeps every character (value + preceding spaces rebuild the text), so offsets are exact;
  // indexOf guards against any future divergence.
  const offset = new Array<number>(value.length);
  let cursor = 0;
  for (let i = 0; i < value.length; i++) {
    cursor += spaces[i]?.length ?? 0;
    const found = text.indexOf(value[i] ?? '', cursor);
    const start = found === -1 ? cursor : found;
    offset[i] = start;
    cursor = start + (value[i]?.length ?? 0);
  }

  const sentences: SentenceSpan[] = [];
  const pushSentence = (from: number, to: number) => {
    let a = from;
    let b = to;
    while (a < b && type[a] === 'tabCRLF') a++;
    while (b > a && type[b - 1] === 'tabCRLF') b--;
    if (a >= b) return;
    const start = offset[a] ?? 0;
    const end = (offset[b - 1] ?? 0) + (value[b - 1]?.length ?? 0);
    sentences.push({ start, end, tokenStart: a, tokenEnd: b });
  };
  for (const span of doc.sentences().out(its.span) as unknown as [number, number][]) {
    let from = span[0];
    for (let i = span[0]; i <= span[1]; i++) {
      if (type[i] === 'tabCRLF' && value[i]?.includes('\n')) {
        pushSentence(from, i);
        from = i + 1;
      }
    }
    pushSentence(from, span[1] + 1);
  }

  return { text, value, normal, lemma, pos, type, stop, offset, sentences, language: 'en' };
}

const wordSegmenters = new Map<string, Intl.Segmenter>();
const NUMBER = /^\p{N}[\p{N}.,]*$/u;
const EMOJI = /\p{Extended_Pictographic}/u;
// Languages that capitalise every noun, not only names.
const NOUNS_CAPITALISED = new Set(['de', 'lb']);

/** Words, numbers, punctuation and line breaks by Unicode segmentation; sentences in the language's locale. */
function readAnyLanguage(text: string, language: string): AnalysedText {
  let segmenter = wordSegmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    wordSegmenters.set(language, segmenter);
  }
  const stopWords = stopWordsOf(language);
  // In a script without capitals a capitalised word is a name in Latin letters ("OpenAI"), wherever it stands.
  const caseless = writesWithoutSpaces(language) || language === 'ko';
  const columns: Omit<AnalysedText, 'text' | 'sentences' | 'language'> = {
    value: [],
    normal: [],
    lemma: [],
    pos: [],
    type: [],
    stop: [],
    offset: [],
  };
  let sentenceStart = true;
  for (const { segment, index, isWordLike } of segmenter.segment(text)) {
    if (!segment.trim()) {
      if (!segment.includes('\n')) continue;
      sentenceStart = true;
    }
    const normal = segment.toLowerCase();
    const isBreak = !segment.trim();
    const type = isBreak
      ? 'tabCRLF'
      : isWordLike
        ? NUMBER.test(segment)
          ? 'number'
          : 'word'
        : EMOJI.test(segment)
          ? 'emoji'
          : 'punctuation';
    const stop = type === 'word' && stopWords.has(normal);
    const capitalised = type === 'word' && !stop && /^\p{Lu}/u.test(segment);
    const pos =
      type === 'number'
        ? 'NUM'
        : type === 'word'
          ? capitalised && NOUNS_CAPITALISED.has(language)
            ? 'NOUN'
            : capitalised && (!sentenceStart || caseless)
              ? 'PROPN'
              : UNTAGGED
          : type === 'tabCRLF'
            ? 'SPACE'
            : 'PUNCT';
    columns.value.push(segment);
    columns.normal.push(normal);
    columns.lemma.push(normal);
    columns.pos.push(pos);
    columns.type.push(type);
    columns.stop.push(stop);
    columns.offset.push(index);
    if (type === 'word' || type === 'number') sentenceStart = false;
    if (type === 'punctuation' && /[.!?。！？]/u.test(segment)) sentenceStart = true;
  }
  const { value, type, offset } = columns;
  const sentences: SentenceSpan[] = [];
  let token = 0;
  for (const span of sentenceSpans(text, language)) {
    let from = token;
    while (token < value.length && (offset[token] ?? 0) < span.end) {
      if (type[token] === 'tabCRLF') {
        if (token > from) sentences.push(spanOf(columns, from, token));
        from = token + 1;
      }
      token++;
    }
    if (token > from) sentences.push(spanOf(columns, from, token));
  }
  return { text, ...columns, sentences, language };
}

/** A sentence of tokens [from, to), by the characters they cover. */
function spanOf(columns: Pick<AnalysedText, 'value' | 'offset'>, from: number, to: number): SentenceSpan {
  const start = columns.offset[from] ?? 0;
  const end = (columns.offset[to - 1] ?? 0) + (columns.value[to - 1]?.length ?? 0);
  return { start, end, tokenStart: from, tokenEnd: to };
}
