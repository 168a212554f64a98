import { startsDangling } from './post-rules';

/**
 * What a hook is made of: the article's headline and its lede (the first substantive paragraph),
 * and which of the lede's sentences can open a thread for a reader who has not seen the article.
 */

/** A sentence of the article as the writer sees it: its place in the text and its rank. */
export interface LedeSentence {
  text: string;
  /** Index among the article's sentences. */
  position: number;
  /** Words in the sentence. */
  words: number;
  /** Starts a paragraph. */
  paragraphStart: boolean;
  /** Centrality in the article, 0–1. */
  score: number;
}

/** A sentence that starts on a contrast, or turns on one midway, answers something the reader never saw. */
const CONTRAST_START =
  /^\W*(however|but|still|yet|although|though|nevertheless|nonetheless|even so|despite|instead|meanwhile|on the other hand)\b/i;
const CONTRAST_PIVOT =
  /\b(however|nevertheless|nonetheless|although|even though)\b|\bbut\b|[,;—–]\s*(?:still|yet|though)\b/i;
/** Wire-service and city datelines: "WASHINGTON (AP) — ", "(Reuters) - ", "LONDON — ". */
const DATELINE = /^(?:\(\s*[\p{L} .&]{2,30}\)|\p{Lu}[\p{Lu} .,'’]{1,40}(?:\(\s*[\p{L} .&]{2,30}\))?)\s*[—–-]{1,2}\s+/u;
/** Section labels and site names around a headline: "Opinion | …", "… - The Site". */
const TITLE_LABEL =
  /^\s*(?:opinion|analysis|comment|review|exclusive|breaking(?: news)?|watch|live|update[sd]?|news)\s*[|:–—-]\s*/i;
const TITLE_SITE = /\s+[|–—-]\s+[^|–—-]{2,40}$/u;
/** Words too common to say what an article is about. */
const FUNCTION_WORDS = new Set(
  'a an the and or but of in on at to for from by with about into over after before as is are was were be been has have had it its this that these those how why what who when where which new says said will would can could more most than not no'.split(
    ' ',
  ),
);

/** Whether a sentence starts or pivots on a contrast ('however', 'but', 'still', 'yet', 'although'). */
export function turnsOnContrast(sentence: string): boolean {
  return CONTRAST_START.test(sentence) || CONTRAST_PIVOT.test(sentence);
}

/** Share of the sentence's characters inside quotation marks. */
export function quotedShare(sentence: string): number {
  const quoted = [...sentence.matchAll(/["“]([^"”]*)["”]/gu)].reduce((sum, m) => sum + (m[1]?.length ?? 0), 0);
  return sentence.length ? quoted / sentence.length : 0;
}

/** The sentence without a leading dateline, which names the wire, not the news. */
export function withoutDateline(sentence: string): string {
  const rest = sentence.replace(DATELINE, '');
  return rest !== sentence && /^[\p{Lu}"“‘\d]/u.test(rest) ? rest : sentence;
}

/** Whether the headline labels the piece a column: an opinion, analysis, comment or review. */
export function isColumn(title: string): boolean {
  return /^\s*(?:opinion|analysis|comment|column|review)\s*[|:–—-]/i.test(title);
}

/** The headline without a section label or a trailing site name, and without a final full stop. */
export function cleanTitle(title: string): string {
  const cleaned = title.replace(/\s+/g, ' ').trim().replace(TITLE_LABEL, '').replace(TITLE_SITE, '').trim();
  return (cleaned.length >= 12 ? cleaned : title.replace(/\s+/g, ' ').trim()).replace(/[\s.]+$/u, '');
}

/** The content words of a text, lower-cased, plural -s folded. */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length > 2 && !FUNCTION_WORDS.has(w)).map((w) => w.replace(/(?<=\w{3})s$/, '')));
}

/** Whether a text has any of the given content words. */
export function sharesWord(text: string, words: ReadonlySet<string>): boolean {
  for (const word of contentWords(text)) if (words.has(word)) return true;
  return false;
}

/** The lede as a reader finds it: the article's first paragraph of 15 words or more. */
export function ledeParagraph(content: string): string {
  return content.split(/\n+/).find((p) => p.split(/\s+/).length >= 15) ?? content.slice(0, 500);
}

/** Whether a sentence carries a figure: a number other than a lone year. */
export function hasFigure(sentence: string): boolean {
  return /\d/.test(sentence.replace(/\b(?:1[89]|20)\d{2}\b/g, ''));
}

/**
 * Whether a sentence can be a hook: it needs nothing said before it (no pronoun or connective
 * start), does not turn on a contrast, is not mostly someone's quotation, is not a question, and
 * is long enough to state something.
 */
export function canOpen(sentence: string): boolean {
  const text = withoutDateline(sentence.trim());
  return (
    !startsDangling(text) &&
    !turnsOnContrast(text) &&
    quotedShare(text) < 0.4 &&
    !/^["“]/u.test(text) &&
    !/\?\s*["”]?$/u.test(text) &&
    text.split(/\s+/).length >= 6
  );
}

/**
 * The lede's sentences: those of the first substantive paragraph (one of 15 words or more) and of
 * the paragraph after it, where feature stories often put their news after a scene-setting opening.
 */
export function ledeSentences(sentences: readonly LedeSentence[]): LedeSentence[] {
  const paragraphs: LedeSentence[][] = [];
  for (const sentence of sentences) {
    const last = paragraphs.at(-1);
    if (sentence.paragraphStart || !last) paragraphs.push([sentence]);
    else last.push(sentence);
  }
  const first = paragraphs.findIndex((p) => p.reduce((sum, s) => sum + s.words, 0) >= 15);
  if (first === -1) return sentences.slice(0, 3);
  return paragraphs
    .slice(first, first + 2)
    .flat()
    .slice(0, 6);
}

/** The lede sentences that can open the thread, split by whether they share a word with the headline. */
export interface HookSentences {
  /** Sentences saying what the headline says, best first. */
  onTopic: LedeSentence[];
  /** Scene-setters and asides the headline does not name: after the headline itself. */
  offTopic: LedeSentence[];
}

/**
 * The lede sentences that can open the thread, best first: close to the headline's words, carrying
 * the article's key figure, central to the article and early; a first-person or second-person
 * scene-setter ranks below a sentence that states the news.
 */
export function rankHookSentences(
  sentences: readonly LedeSentence[],
  title: string,
  /** What the tone favours, as a factor (1 = no preference). */
  weight: (sentence: string) => number = () => 1,
): HookSentences {
  const titleWords = contentWords(title);
  const lede = ledeSentences(sentences);
  const sharedWords = (s: LedeSentence) => [...contentWords(s.text)].filter((w) => titleWords.has(w)).length;
  const value = (s: LedeSentence, k: number) => {
    const shared = sharedWords(s);
    const overlap = titleWords.size ? shared / Math.min(titleWords.size, 6) : 0;
    const voice = /^\W*(?:i|we|my|our|you|your|in case you)\b/i.test(s.text) ? 0.6 : 0;
    const length = s.words < 10 ? 0.4 : s.words > 45 ? 0.3 : 0;
    const tone = weight(s.text) - 1;
    return 2 * overlap + (hasFigure(s.text) ? 0.4 : 0) + 0.6 * s.score + tone - 0.15 * k - voice - length;
  };
  const ranked = lede
    .map((s, k) => ({ s, v: value(s, k) }))
    .filter(({ s }) => canOpen(s.text))
    .sort((a, b) => b.v - a.v)
    .map(({ s }) => s);
  const onTopic = ranked.filter((s) => titleWords.size === 0 || sharedWords(s) > 0);
  return { onTopic, offTopic: ranked.filter((s) => !onTopic.includes(s)) };
}
