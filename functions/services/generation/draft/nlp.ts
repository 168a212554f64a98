import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

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
}

/**
 * Tokenises, tags and sentence-splits a text with wink-nlp. Sentences are also cut at line breaks,
 * so headings and list items never merge with the paragraph that follows.
 */
export function analyseText(text: string): AnalysedText {
  // Themes, the offline generator and the classifier often read the same article in one request.
  if (lastAnalysis?.text === text) return lastAnalysis;
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

  lastAnalysis = { text, value, normal, lemma, pos, type, stop, offset, sentences };
  return lastAnalysis;
}

/** The text of one analysed sentence. */
export function sentenceText(analysed: AnalysedText, sentence: SentenceSpan): string {
  return analysed.text.slice(sentence.start, sentence.end);
}
