import { analyseText } from '../../text/nlp';

/** Share of a cited passage's words a sentence must contain to stand in for it. */
const MIN_OVERLAP = 0.5;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
}

/**
 * Builds a function that maps the passage a model cites (or, failing that, the post's own text)
 * to a real passage of the article: the citation itself when the article contains it verbatim,
 * else the article sentence that shares most of its words, else undefined.
 */
export function passageLocator(content: string): (cited: string | undefined, postText: string) => string | undefined {
  const { sentences } = analyseText(content);
  const sentenceTexts = sentences.map((s) => content.slice(s.start, s.end));
  const index = new Map<string, number[]>();
  sentenceTexts.forEach((text, k) => {
    for (const word of new Set(words(text))) {
      const list = index.get(word) ?? [];
      list.push(k);
      index.set(word, list);
    }
  });

  const bestSentence = (text: string): string | undefined => {
    const wanted = [...new Set(words(text))];
    if (wanted.length === 0) return undefined;
    const hits = new Map<number, number>();
    for (const word of wanted) for (const k of index.get(word) ?? []) hits.set(k, (hits.get(k) ?? 0) + 1);
    let best = -1;
    let bestHits = 0;
    for (const [k, count] of hits) {
      if (count > bestHits || (count === bestHits && k < best)) {
        best = k;
        bestHits = count;
      }
    }
    return bestHits / wanted.length >= MIN_OVERLAP ? sentenceTexts[best] : undefined;
  };

  return (cited, postText) => {
    const trimmed = cited?.trim();
    if (trimmed) {
      if (content.includes(trimmed)) return trimmed;
      const viaCitation = bestSentence(trimmed);
      if (viaCitation) return viaCitation;
    }
    return bestSentence(postText);
  };
}
