import { writesWithoutSpaces } from '#shared/languages';
import { analyseText } from '../../text/nlp';
import { stopWordsOf } from '../../text/stop-words';

export const MAX_HASHTAGS = 3;
const MIN_LETTERS = 3;

function words(phrase: string): string[] {
  return phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A phrase as a hashtag: CamelCase for several words (#OpenSource), a single word as written. */
export function toHashtag(phrase: string): string | null {
  const parts = words(phrase);
  if (parts.length === 0 || !parts.some((w) => /\p{L}/u.test(w))) return null;
  if (parts.length === 1) return `#${parts[0]}`;
  return `#${parts.map((w) => (w === w.toUpperCase() ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('')}`;
}

/**
 * First names as the article uses them: a capitalised word that mostly opens a run of capitalised
 * words ("Mike Ford", "Jane Doe"), or the first word of the byline.
 */
export function firstNamesIn(text: string, byline?: string | null): Set<string> {
  const names = new Set<string>();
  const first = byline
    ?.replace(/^\s*by\s+/i, '')
    .trim()
    .split(/\s+/)[0];
  if (first && /^\p{Lu}\p{Ll}+$/u.test(first)) names.add(first.toLowerCase());
  const opens = new Map<string, { alone: number; leading: number }>();
  for (const match of text.matchAll(/\b(\p{Lu}\p{Ll}+)\b(\s+(?:\p{Lu}\.\s+)?\p{Lu}[\p{L}'’-]+)?/gu)) {
    const word = match[1]?.toLowerCase() ?? '';
    const entry = opens.get(word) ?? { alone: 0, leading: 0 };
    if (match[2]) entry.leading += 1;
    else entry.alone += 1;
    opens.set(word, entry);
  }
  for (const [word, { alone, leading }] of opens) if (leading >= 1 && leading >= alone) names.add(word);
  return names;
}

/** Whether a word is a function word of the language (English's by wink-nlp's model). */
function isStopWord(word: string, language: string | null | undefined): boolean {
  return !language || language === 'en' ? Boolean(analyseText(word).stop[0]) : stopWordsOf(language).has(word);
}

/**
 * Why a hashtag breaks the rules (a stop word of the article's language, under 3 letters, a bare
 * first name), or null. Chinese and Japanese write a word in two characters: there two are enough.
 */
export function hashtagProblem(tag: string, firstNames: ReadonlySet<string>, language?: string | null): string | null {
  const body = tag.replace(/^#/, '');
  const letters = (body.match(/\p{L}/gu) ?? []).length;
  const dense = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(body);
  if (letters < (dense ? 2 : MIN_LETTERS)) return 'shorter than 3 letters';
  if (/^\p{L}[\p{Ll}\p{N}]*$/u.test(body) || /^\p{Lu}+$/u.test(body)) {
    const word = body.toLowerCase();
    if (isStopWord(word, language)) return 'a stop word';
    if (firstNames.has(word)) return 'a bare first name';
  }
  return null;
}

/** A single word as the article mostly writes it inside sentences: "trump" → "Trump", "nasa" → "NASA". */
function asWritten(word: string, text: string): string {
  const counts = new Map<string, number>();
  // Letters of any script end the word (\b knows only ASCII letters).
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<=\\p{Ll}[,;:]?\\s)${escaped}(?![\\p{L}\\p{N}])`, 'giu');
  for (const [form] of text.matchAll(pattern)) counts.set(form, (counts.get(form) ?? 0) + 1);
  // A name in Latin letters inside a script without capitals ("OpenAIは"): as written anywhere.
  if (counts.size === 0) {
    const anywhere = new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escaped}(?![\\p{Script=Latin}\\p{N}])`, 'giu');
    for (const [form] of text.matchAll(anywhere)) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? word;
}

interface Candidate {
  phrase: string;
  score: number;
}

/**
 * Up to three hashtags for an article: its recurring named entities (runs of proper nouns) and its
 * themes (noun phrases), multi-word subjects first, never a stop word, a bare first name or a word
 * under three letters.
 */
export function pickHashtags(input: {
  text: string;
  themes: readonly string[];
  byline?: string | null;
  /** The article's language: its stop words; in Chinese, Japanese, Korean and Thai only a clear term. */
  language?: string | null;
  /** The headline, where a clear term of a language without capitals must appear. */
  title?: string;
}): string[] {
  const { text, themes, language } = input;
  const analysed = analyseText(text, language);
  const entities = new Map<string, number>();
  for (const sentence of analysed.sentences) {
    let run: string[] = [];
    const flush = () => {
      if (run.length >= 2 && run.length <= 3) entities.set(run.join(' '), (entities.get(run.join(' ')) ?? 0) + 1);
      run = [];
    };
    for (let i = sentence.tokenStart; i < sentence.tokenEnd; i++) {
      const value = analysed.value[i] ?? '';
      // The tagger reads some surnames as verbs ("Ford"): capitalisation inside a sentence counts too.
      const named = analysed.pos[i] === 'PROPN' || (i > sentence.tokenStart && run.length > 0);
      if (named && /^\p{Lu}[\p{L}-]{1,}$/u.test(value) && !analysed.stop[i]) run.push(value);
      else flush();
    }
    flush();
  }
  const candidates: Candidate[] = [];
  for (const [phrase, count] of entities) if (count >= 2) candidates.push({ phrase, score: 2 + count });
  themes.forEach((theme, rank) => {
    const multi = words(theme).length > 1;
    candidates.push({ phrase: theme, score: (multi ? 3 : 1) + (themes.length - rank) / themes.length });
  });
  candidates.sort((a, b) => b.score - a.score);
  const clear = (phrase: string) => !sparseHashtags(language) || isClearTerm(phrase, text, input.title ?? '');

  const firstNames = firstNamesIn(text, input.byline);
  const chosen: string[] = [];
  const taken: string[] = [];
  let commonNouns = 0;
  for (const { phrase } of candidates) {
    if (chosen.length >= MAX_HASHTAGS) break;
    if (!clear(phrase)) continue;
    const single = words(phrase).length === 1;
    const written = single ? asWritten(phrase, text) : phrase;
    // A common noun on its own ("#family") says little: at most one, and only to reach two tags.
    if (single && written === written.toLowerCase() && (chosen.length >= 2 || commonNouns >= 1)) continue;
    if (single && written === written.toLowerCase()) commonNouns++;
    const tag = toHashtag(written);
    if (!tag || hashtagProblem(tag, firstNames, language)) continue;
    const key = tag.toLowerCase();
    // "#Ford" adds nothing next to "#JohnFord"; nor does a tag inside another.
    if (taken.some((t) => t.includes(key.slice(1)) || key.includes(t.slice(1)))) continue;
    chosen.push(tag);
    taken.push(key);
  }
  return chosen;
}

/** Languages where a hashtag is rare and must be a clear term: Chinese, Japanese, Korean, Thai and the like. */
function sparseHashtags(language: string | null | undefined): boolean {
  return writesWithoutSpaces(language) || language === 'ko';
}

/**
 * A clear term in a language without capitals to tell a name: a name in Latin letters the article
 * repeats ("OpenAI", "iPhone"), or a term the headline names and the text repeats at least three times.
 */
function isClearTerm(phrase: string, text: string, title: string): boolean {
  const count = text.toLowerCase().split(phrase.toLowerCase()).length - 1;
  if (/^[\p{Script=Latin}\p{N}\s-]+$/u.test(phrase)) return count >= 2;
  return count >= 3 && title.toLowerCase().includes(phrase.toLowerCase());
}
