import type { Tone } from '#shared/tones';
import { hasFigure, quotedShare } from './lede';
import { CONSEQUENCE, DEFINITION, EVIDENCE } from './tone-writer';

/**
 * What each tone looks for in the article and in which order it tells it: the tone changes which
 * sentences are chosen (a weight on their rank) and, for persuasion only, which comes first; never their words.
 */

/** A sentence chosen for the thread, before the tone orders it. */
export interface PlannedSentence {
  position: number;
  text: string;
  score: number;
}

/** People in the story: a quotation, someone speaking, first person, family and everyday life. */
const HUMAN =
  /["“]|\b(?:said|says|told|recalled|I|my|we|our|family|families|mother|father|parents?|children|kids?|daughter|son|wife|husband|friends?|neighbou?rs?|residents?|home|people)\b/;
/** What makes a detail vivid: a first, a record, a superlative, a surprise. */
const VIVID =
  /\b(?:first|only|never|ever|record|biggest|largest|smallest|oldest|youngest|most|least|surpris\w*|unusual|strange|odd|weird|secret|nicknamed|famous)\b|!/i;
/** How something works: a cause, a mechanism, a process. */
const MECHANISM =
  /\b(?:because|so that|works? by|by using|through|which (?:allows|lets|means)|causes?|how|when the)\b/i;

/** How much a tone favours a sentence, as a factor on its rank (1 = no preference). */
export function toneWeight(tone: Tone, sentence: string): number {
  switch (tone) {
    case 'casual': {
      const words = sentence.split(/\s+/).length;
      return (HUMAN.test(sentence) ? 1.8 : 1) * (words <= 25 ? 1.2 : words > 35 ? 0.7 : 1);
    }
    case 'humorous':
      return (VIVID.test(sentence) ? 1.8 : 1) * (quotedShare(sentence) > 0.2 ? 1.4 : 1);
    case 'educational':
      return DEFINITION.test(sentence) ? 2 : MECHANISM.test(sentence) || CONSEQUENCE.test(sentence) ? 1.6 : 1;
    case 'persuasive':
      return hasFigure(sentence) && EVIDENCE.test(sentence) ? 1.8 : hasFigure(sentence) ? 1.4 : 1;
    default:
      return 1;
  }
}

const byPosition = (a: PlannedSentence, b: PlannedSentence) => a.position - b.position;
const byScore = (a: PlannedSentence, b: PlannedSentence) => b.score - a.score || a.position - b.position;

/** A sentence that follows from one before it: leading with it would tell a consequence before its cause. */
const FOLLOWS_FROM = /^\W*(?:so|thus|therefore|hence|as a result|because of (?:this|that)|consequently)\b/i;

/**
 * The order a tone tells its sentences in: the article's, as a reader met them there, so a cause
 * comes before its consequence and a person before what they did. Persuasive alone has a reason to
 * move one: after the claim (the hook), its strongest evidence, a figure from a study or a survey,
 * unless that evidence follows from something the thread has not said yet.
 */
export function orderForTone(tone: Tone, sentences: readonly PlannedSentence[]): PlannedSentence[] {
  const inOrder = [...sentences].sort(byPosition);
  if (tone !== 'persuasive') return inOrder;
  const strongest = inOrder
    .filter(
      (s) => hasFigure(s.text) && EVIDENCE.test(s.text) && !FOLLOWS_FROM.test(s.text) && !CONSEQUENCE.test(s.text),
    )
    .sort(byScore)[0];
  return strongest ? [strongest, ...inOrder.filter((s) => s !== strongest)] : inOrder;
}
