import { type AnalysedText, analyseText } from './nlp';

/** A word list written as one space-separated string. */
const wordList = (list: string): string[] => list.split(' ');

export const MAX_THEMES = 5;

// Nouns that occur in almost any article and make useless hashtags.
const GENERIC_NOUNS = new Set(
  wordList(
    'year time people person way thing day lot percent per cent number week month today article report story news part kind sort fact example point case result use end mr mrs ms dr place group world life hand side area problem question issue state week hour minute second lot bit something anything everything nothing someone anyone everyone one others other home level term reason idea line set order form show version step series type piece statement comment interview told said according source official thanks photo image copyright rights newsletter subscribe click read share email page site',
  ),
);

// Adjectives that add nothing to a phrase ("new study" is just "study").
const GENERIC_ADJECTIVES = new Set(
  wordList(
    'new other many last first big small good great high low large few more most same different several own next recent major long little old young important whole such certain real main late early previous current possible much second third final top best better key full free total only various',
  ),
);

const NOUNISH = new Set(['NOUN', 'PROPN']);

interface Candidate {
  phrase: string;
  words: number;
  count: number;
  score: number;
}

const IRREGULAR_PLURALS: Record<string, string> = {
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
};

/** Singular of a plural noun, kept in the writer's spelling (the lemmatiser turns "harbour" into "harbor"). */
function singular(normal: string, lemma: string): string {
  if (normal === lemma) return normal;
  const irregular = IRREGULAR_PLURALS[normal];
  if (irregular) return irregular;
  if (normal.endsWith('ies') && lemma.endsWith('y')) return `${normal.slice(0, -3)}y`;
  if (/(ses|xes|ches|shes|zes)$/.test(normal) && !lemma.endsWith('e')) return normal.slice(0, -2);
  if (normal.endsWith('s') && !normal.endsWith('ss')) return normal.slice(0, -1);
  return normal;
}

/** A token as a theme word: lower-case letters and digits only, or null if it can't be one. */
function themeWord(analysed: AnalysedText, i: number): string | null {
  const pos = analysed.pos[i];
  const normal = analysed.normal[i] ?? '';
  const raw = pos === 'NOUN' ? singular(normal, analysed.lemma[i] ?? normal) : normal;
  if (!raw || analysed.type[i] !== 'word' || analysed.stop[i]) return null;
  // Abbreviations with dots ("u.s.") and contractions make broken hashtags.
  if (!/^[\p{L}][\p{L}\p{N}]*$/u.test(raw)) return null;
  const word = raw.toLowerCase();
  // Short proper nouns ("EU", "AI") make tags; a lone letter is a unit ("15°C") or an initial.
  return word.length >= 3 || (pos === 'PROPN' && word.length >= 2) ? word : null;
}

/**
 * Up to five themes of an article: lower-case nouns, proper nouns and short noun phrases scored by
 * frequency, weighted up when they appear early in the text or in the title. Usable as hashtags.
 */
export function extractThemes(
  text: string,
  options: {
    title?: string;
    max?: number /** The article's language: how its words are read. */;
    language?: string | null;
  } = {},
): string[] {
  const max = options.max ?? MAX_THEMES;
  if (!text.trim()) return [];
  // Titles are often Title Case, which the tagger reads as proper nouns: the title only boosts
  // candidates found in the body, it does not supply its own.
  const titleWords = ` ${(options.title ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')} `;
  const analysed = analyseText(text, options.language);
  const length = Math.max(1, text.length);
  const candidates = new Map<string, Candidate>();

  const add = (phrase: string, words: number, charOffset: number) => {
    // Position prior: the opening fifth of the text counts half as much again.
    const weight = charOffset / length < 0.2 ? 1.5 : 1;
    const existing = candidates.get(phrase);
    if (existing) {
      existing.count += 1;
      existing.score += weight;
    } else {
      candidates.set(phrase, { phrase, words, count: 1, score: weight });
    }
  };

  for (const sentence of analysed.sentences) {
    let run: { word: string; pos: string; offset: number }[] = [];
    const flush = () => {
      // Drop generic adjectives in front; the phrase must end on a noun.
      while (run.length > 0 && run[0] && run[0].pos === 'ADJ' && GENERIC_ADJECTIVES.has(run[0].word)) run.shift();
      while (run.length > 0 && !NOUNISH.has(run[run.length - 1]?.pos ?? '')) run.pop();
      for (let len = 2; len <= 3; len++) {
        for (let s = 0; s + len <= run.length; s++) {
          const part = run.slice(s, s + len);
          if (!NOUNISH.has(part[len - 1]?.pos ?? '')) continue;
          if (part[0]?.pos === 'ADJ' && GENERIC_ADJECTIVES.has(part[0].word)) continue;
          add(part.map((p) => p.word).join(' '), len, part[0]?.offset ?? 0);
        }
      }
      run = [];
    };
    for (let i = sentence.tokenStart; i < sentence.tokenEnd; i++) {
      const pos = analysed.pos[i] ?? '';
      const word = pos === 'NOUN' || pos === 'PROPN' || pos === 'ADJ' ? themeWord(analysed, i) : null;
      if (!word) {
        flush();
        continue;
      }
      run.push({ word, pos, offset: analysed.offset[i] ?? 0 });
      if (NOUNISH.has(pos) && !GENERIC_NOUNS.has(word)) add(word, 1, analysed.offset[i] ?? 0);
    }
    flush();
  }

  const inTitle = (phrase: string) => titleWords.includes(` ${phrase} `) || titleWords.includes(` ${phrase}s `);
  const ranked = [...candidates.values()]
    // A phrase must recur (or be in the title) to count as a theme rather than a passing mention.
    .filter((c) => c.words === 1 || c.count >= 2 || inTitle(c.phrase))
    .filter((c) => !c.phrase.split(' ').every((w) => GENERIC_NOUNS.has(w)))
    .map((c) => ({ ...c, score: (c.score + (inTitle(c.phrase) ? 3 : 0)) * (c.words > 1 ? 1.6 : 1) }))
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));

  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= max) break;
    const words = candidate.phrase.split(' ');
    const overlaps = chosen.some(
      (c) =>
        c.phrase === candidate.phrase ||
        (c.words > 1 && c.phrase.split(' ').includes(candidate.phrase)) ||
        (c.words > 1 &&
          candidate.words > 1 &&
          (c.phrase.includes(candidate.phrase) || candidate.phrase.includes(c.phrase))),
    );
    if (overlaps) continue;
    // A phrase that carries most uses of a chosen single word replaces it ("climate" → "climate change").
    const covered = chosen.findIndex((c) => c.words === 1 && words.includes(c.phrase));
    if (covered !== -1) {
      const single = chosen[covered];
      if (single && candidate.count * 2 >= single.count) chosen[covered] = candidate;
      continue;
    }
    chosen.push(candidate);
  }
  return [...new Set(chosen.map((c) => c.phrase))];
}

/** A theme as a hashtag: single words stay lower-case, phrases become PascalCase for readability. */
export function themeHashtag(theme: string): string | null {
  const words = theme
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0 || !words.some((w) => /\p{L}/u.test(w))) return null;
  const tag = words.length === 1 ? words[0] : words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `#${tag}`;
}
