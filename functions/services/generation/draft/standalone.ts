import { postLength } from '#shared/post-length';
import type { AnalysedText } from './nlp';
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

/**
 * Makes each picked sentence (in article order) readable on its own. One that leans on the sentence
 * before it is kept when that sentence is the previous post, else it loses its connective ("But …"),
 * else it is joined to its antecedent sentence when both fit one post, else it is left out.
 * Quotation marks are balanced in every post.
 */
export function standalonePosts(analysed: AnalysedText, picked: readonly PickedSentence[]): StandalonePost[] {
  const posts: StandalonePost[] = [];
  let previous: number | undefined;
  for (const sentence of picked) {
    let content: string | null = sentence.text;
    const follows = previous === sentence.position - 1 && sameParagraph(analysed, previous, sentence.position);
    if (startsDangling(content) && !follows) {
      const stripped = dropConnective(content);
      const antecedent = sentenceAt(analysed, sentence.position - 1);
      if (stripped) content = stripped;
      else if (
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
