import { postLength } from '#shared/post-length';
import type { AnalysedText } from '../../text/nlp';
import { balanceQuotes, dropConnective, startsDangling } from './post-rules';

/** Room a numbered post has for its text: the limit less the widest prefix, "13/ ". */
const BUDGET = 276;

export interface PickedSentence {
  /** Index of the sentence in the analysed text. */
  position: number;
  text: string;
  score: number;
}

export interface StandalonePost {
  content: string;
  source: string;
  score: number;
}

function sentenceAt(analysed: AnalysedText, position: number): string | undefined {
  const span = analysed.sentences[position];
  return span ? analysed.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim() : undefined;
}

/** Whether two sentences sit in the same paragraph (no line break between them). */
function sameParagraph(analysed: AnalysedText, before: number, after: number): boolean {
  const a = analysed.sentences[before];
  const b = analysed.sentences[after];
  return Boolean(a && b && !analysed.text.slice(a.end, b.start).includes('\n'));
}

/** What the article has between a sentence and the one before it (a space, as a rule). */
function gapBefore(analysed: AnalysedText, position: number): string {
  const a = analysed.sentences[position - 1];
  const b = analysed.sentences[position];
  return a && b ? analysed.text.slice(a.end, b.start) : ' ';
}

/** Runs of capitalised proper nouns in a sentence: "Maria Lopez", "NASA". */
function properNames(analysed: AnalysedText, position: number): string[] {
  const span = analysed.sentences[position];
  if (!span) return [];
  const names: string[] = [];
  let run: string[] = [];
  for (let i = span.tokenStart; i <= span.tokenEnd; i++) {
    const value = analysed.value[i] ?? '';
    if (i < span.tokenEnd && analysed.pos[i] === 'PROPN' && /^\p{Lu}/u.test(value)) run.push(value);
    else {
      if (run.length) names.push(run.join(' '));
      run = [];
    }
  }
  return names;
}

/** Pronouns and determiners pointing back, besides the one a name replaces. */
const OTHER_POINTER = /\b(?:he|she|him|her|his|hers|it|its|they|them|their|this|these|those)\b/i;

/**
 * "She said …" with the person's name from the sentence before: only when that sentence names
 * exactly one person (a full name, or a surname the article gives in full) and nothing else in the
 * sentence points back; null otherwise.
 */
function named(analysed: AnalysedText, position: number, sentence: string): string | null {
  const match = /^(He|She)\s+(\S.*)$/u.exec(sentence);
  if (!match?.[2] || OTHER_POINTER.test(match[2])) return null;
  const fullNames = new Set(
    analysed.sentences.flatMap((_, k) => (k < position ? properNames(analysed, k) : [])).filter((n) => n.includes(' ')),
  );
  const people = new Set(
    properNames(analysed, position - 1).filter(
      (n) => n.includes(' ') || [...fullNames].some((full) => full.endsWith(` ${n}`)),
    ),
  );
  const [person] = people;
  return people.size === 1 && person ? `${person} ${match[2]}` : null;
}

/**
 * Makes each picked sentence readable on its own, in the order given. One that leans on the
 * sentence before it loses its connective ("But …"), else its "He"/"She" becomes the person's name
 * from the sentence before, else it joins the previous post when that post is its antecedent, else
 * it is joined to that sentence when both fit one post; failing that it is left out. Quotation marks are
 * balanced in every post.
 */
export function standalonePosts(analysed: AnalysedText, picked: readonly PickedSentence[]): StandalonePost[] {
  const posts: StandalonePost[] = [];
  let previous: number | undefined;
  for (const sentence of picked) {
    let content: string | null = sentence.text;
    const follows = previous === sentence.position - 1 && sameParagraph(analysed, previous, sentence.position);
    if (startsDangling(content)) {
      // A connective goes even after its own antecedent: each post is read on its own.
      const stripped = dropConnective(content);
      const withName = stripped ? null : named(analysed, sentence.position, content);
      const antecedent = sentenceAt(analysed, sentence.position - 1);
      const last = posts.at(-1);
      if (stripped) content = stripped;
      else if (withName) content = withName;
      else if (follows && last) {
        // Its antecedent is the post before: the two are one thought, so they become one post.
        if (postLength(`${last.content} ${content}`) <= BUDGET) {
          last.content = balanceQuotes(`${last.content} ${content}`);
          last.source = `${last.source}${gapBefore(analysed, sentence.position)}${sentence.text}`;
          previous = sentence.position;
        }
        continue;
      } else if (
        antecedent &&
        !startsDangling(antecedent) &&
        sameParagraph(analysed, sentence.position - 1, sentence.position) &&
        postLength(`${antecedent} ${content}`) <= BUDGET
      ) {
        content = `${antecedent} ${content}`;
      } else content = null;
    }
    if (!content) continue;
    posts.push({ content: balanceQuotes(content), source: sentence.text, score: sentence.score });
    previous = sentence.position;
  }
  return posts;
}
