import type { Tone } from '#shared/tones';
import { hasFigure, quotedShare } from './lede';
import { CONSEQUENCE, DEFINITION, EVIDENCE } from './tone-writer';

/**
 * What each tone looks for in the article and in which order it tells it: the tone changes which
 * sentences are chosen (a weight on their rank) and their order, never their words.
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
      return (HUMAN.test(sentence) ? 1.5 : 1) * (words <= 25 ? 1.2 : words > 35 ? 0.7 : 1);
    }
    case 'humorous':
      return (VIVID.test(sentence) ? 1.5 : 1) * (quotedShare(sentence) > 0.2 ? 1.3 : 1);
    case 'educational':
      return DEFINITION.test(sentence) ? 2 : MECHANISM.test(sentence) || CONSEQUENCE.test(sentence) ? 1.4 : 1;
    case 'persuasive':
      return hasFigure(sentence) && EVIDENCE.test(sentence) ? 1.6 : hasFigure(sentence) ? 1.3 : 1;
    default:
      return 1;
  }
}

const byPosition = (a: PlannedSentence, b: PlannedSentence) => a.position - b.position;
const byScore = (a: PlannedSentence, b: PlannedSentence) => b.score - a.score || a.position - b.position;

/** `first` (when found) leads, the rest follow in article order. */
function leading(sentences: PlannedSentence[], first: (s: PlannedSentence) => boolean): PlannedSentence[] {
  const inOrder = [...sentences].sort(byPosition);
  const lead = inOrder.filter(first);
  return [...lead, ...inOrder.filter((s) => !lead.includes(s))];
}

/**
 * The order a tone tells its sentences in. Professional: by importance (rank). Casual: the most
 * human detail first, then the story in order. Humorous: the story in order. Educational: the
 * definition, then how it works, then the rest in order. Persuasive: the strongest evidence first,
 * then the rest in order.
 */
export function orderForTone(tone: Tone, sentences: readonly PlannedSentence[]): PlannedSentence[] {
  const all = [...sentences];
  switch (tone) {
    case 'professional':
      return all.sort(byScore);
    case 'casual': {
      const human = all.filter((s) => HUMAN.test(s.text)).sort(byScore)[0];
      return leading(all, (s) => s === human);
    }
    case 'educational': {
      const definition = all.find((s) => DEFINITION.test(s.text));
      const mechanism = all.filter((s) => s !== definition && MECHANISM.test(s.text)).sort(byScore)[0];
      return leading(all, (s) => s === definition || s === mechanism).sort((a, b) =>
        a === definition ? -1 : b === definition ? 1 : 0,
      );
    }
    case 'persuasive': {
      const evidence = all.filter((s) => hasFigure(s.text) && EVIDENCE.test(s.text)).sort(byScore);
      const strongest = evidence.slice(0, 2);
      return [...strongest, ...all.filter((s) => !strongest.includes(s)).sort(byPosition)];
    }
    default:
      return all.sort(byPosition);
  }
}
