import { postLength } from '#shared/post-length';
import { type AnalysedText, analyseText } from '../../text/nlp';
import { dropConnective, startsDangling } from './post-rules';

/**
 * Posts made of whole sentences: a sentence too long for a post is split where both halves read as
 * sentences of their own, or left out, never cut short with an ellipsis; and a hook states something
 * (a verb of its own, not only inside a relative clause) rather than naming it.
 */

/** A relative clause set off by commas: its verb is not the sentence's. */
const RELATIVE = /,\s+(?:which|who|whom|whose|where)\s[^,;]*(?:,|$)/giu;
/** Words that open a clause whose verb must follow: "demanded how Andrew…" has none after "how". */
const SUBORDINATOR = new Set(
  'how why what whether if that because when where who whom which while although though since until unless'.split(' '),
);

function isVerb(pos: string | undefined): boolean {
  return pos === 'VERB' || pos === 'AUX';
}

/** Words only English writes often: a text with enough of them reads as English. */
const ENGLISH_WORDS = new Set(
  'the of and is was were are to that with for on by it this has have had be been from which who will would not he she they his her their its an at but how what why when where whether because'.split(
    ' ',
  ),
);
const ENGLISH_SHARE = 0.08;

/** Whether a text reads as English, the language the tagger knows. */
function readsAsEnglish(analysed: AnalysedText): boolean {
  let words = 0;
  let english = 0;
  analysed.type.forEach((type, i) => {
    if (type !== 'word') return;
    words++;
    if (ENGLISH_WORDS.has((analysed.value[i] ?? '').toLowerCase())) english++;
  });
  return words > 0 && english / words >= ENGLISH_SHARE;
}

/**
 * Whether a text states something: a verb outside its relative clauses ("The merger of the chains,
 * which became final Tuesday." has none), and a verb after the last word that opens a clause ("…
 * demanded how Andrew, Queen Elizabeth II's third child." has none after "how").
 */
export function statesClaim(text: string, options: { whole?: boolean } = {}): boolean {
  if (text.split(/\s+/u).filter(Boolean).length < 3) return false;
  const all = analyseText(text);
  // The tagger knows English: in another language its tags say nothing, and the sentence is trusted.
  if (!readsAsEnglish(all)) return true;
  const main = analyseText(text.replace(RELATIVE, ' '));
  if (!main.pos.some(isVerb)) return false;
  // The article's own sentence, uncut, ends where its writer ended it: a trailing clause whose verb
  // the tagger misreads ("while the gulls circle overhead") leaves nothing hanging.
  if (options.whole) return true;
  const last = all.normal.findLastIndex((word, i) => SUBORDINATOR.has(word) && all.pos[i] !== 'DET');
  return last === -1 || all.pos.slice(last + 1).some(isVerb);
}

/** Where a sentence may be split into two: a semicolon, or a comma before a conjunction opening a clause. */
const BOUNDARY = /;\s+|,\s+(?=(?:and|but|yet|so)\s)/gu;

/** Whether a quotation is open at the end of a text. */
function quoteOpen(text: string): boolean {
  return text.lastIndexOf('“') > text.lastIndexOf('”') || (text.match(/"/g) ?? []).length % 2 === 1;
}

function asSentence(text: string): string {
  const trimmed = text.trim().replace(/[\s,;:—–-]+$/u, '');
  return /[.!?…"”')\]]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

/**
 * A sentence as whole-sentence posts within `budget`: itself when it fits, else its two halves
 * split at a clause boundary outside any quotation where each half fits, has six words or more,
 * states something and (the second) needs nothing before it, the most even split first; null when
 * no split reads as two sentences, so the sentence is left out.
 */
export function wholeSentences(sentence: string, budget: number): string[] | null {
  if (postLength(sentence) <= budget) return [sentence];
  const splits: { parts: [string, string]; balance: number }[] = [];
  for (const match of sentence.matchAll(BOUNDARY)) {
    const at = match.index ?? 0;
    const head = sentence.slice(0, at);
    if (quoteOpen(head)) continue;
    const first = asSentence(head);
    const rest = sentence.slice(at + match[0].length);
    const second = dropConnective(rest) ?? `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
    if (postLength(first) > budget || postLength(second) > budget) continue;
    if (wordCount(first) < 6 || wordCount(second) < 6 || startsDangling(second)) continue;
    splits.push({ parts: [first, second], balance: Math.abs(first.length - second.length) });
  }
  for (const { parts } of splits.sort((a, b) => a.balance - b.balance)) {
    if (parts.every((part) => statesClaim(part))) return parts;
  }
  return null;
}
