import type { Hallucination } from '#shared/schemas/thread';
import { analyseText } from './nlp';

/** Share of a thread's content words that may be new before the wording itself counts as a signal. */
const NOVEL_WORDS_LIMIT = 0.6;
const NOVEL_WORDS_MIN_SAMPLE = 15;
/** Integers below this are skipped: articles often spell them out ("three years"). */
const SMALL_INTEGER = 10;

const ATTRIBUTION = /^\s*Thread created by .+ Read original article at:/;
const NUMBERING = /^\s*\d{1,2}\/\s*/;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/giu;
const NUMBER = /(?<![\p{L}\p{N}.,])([$€£]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?(?:%|percent\b|per cent\b))?/giu;
const QUOTE = /["“]([^"”\n]{6,}?)["”]/gu;
const ELLIPSIS = /\.{3}|…/u;

/** Lower-case words and digits joined by single spaces: the form text is compared in. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A number's value as written in digits: "4,000" → "4000", "31 percent" → "31". */
function numberKey(whole: string, fraction: string | undefined): string {
  return `${whole.replace(/,/g, '')}${fraction ?? ''}`;
}

function articleNumbers(text: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of text.matchAll(NUMBER)) numbers.add(numberKey(match[2] ?? '', match[3]));
  return numbers;
}

/** The text of posts a reader would check against the article: no attribution, hashtags, numbering or links. */
function checkableText(posts: readonly { content: string }[]): string {
  return posts
    .filter((p) => !ATTRIBUTION.test(p.content))
    .map((p) => p.content.replace(NUMBERING, '').replace(HASHTAG, ' ').replace(URL, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

function missingSentence(count: number, singular: string, plural: string, items: string[]): string {
  const shown = items.slice(0, 5).join(', ');
  const more = items.length > 5 ? ` and ${items.length - 5} more` : '';
  return `${count} ${count === 1 ? singular : plural} not found in the article: ${shown}${more}.`;
}

/** Characters of the generated posts counted in `contentRatio`: hook and numbered posts, attribution excluded. */
export function generatedCharacters(posts: readonly { content: string }[]): number {
  return posts.filter((p) => !ATTRIBUTION.test(p.content)).reduce((sum, p) => sum + p.content.length, 0);
}

/**
 * How much of a thread may not come from the article. Numbers, names (capitalised words) and
 * quotations in the posts that the article does not contain raise the risk (a quote counts double);
 * so does wording that is mostly new. `contentRatio` = characters of the hook and numbered posts
 * (attribution excluded) ÷ characters of the article text, rounded to 3 decimals; 0 for an empty article.
 */
export function assessHallucination(posts: readonly { content: string }[], articleText: string): Hallucination {
  const text = checkableText(posts);
  const article = comparable(articleText);
  const articleWords = new Set(article.split(' '));
  const numbersInArticle = articleNumbers(articleText);

  const missingNumbers: string[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [written, currency, whole = '', fraction, percent] = match;
    if (!currency && !fraction && !percent && Number(whole.replace(/,/g, '')) < SMALL_INTEGER) continue;
    if (!numbersInArticle.has(numberKey(whole, fraction))) missingNumbers.push(written.trim());
  }

  const missingQuotes: string[] = [];
  for (const match of text.matchAll(QUOTE)) {
    const parts = (match[1] ?? '')
      .split(ELLIPSIS)
      .map(comparable)
      .filter((p) => p.split(' ').length >= 3);
    if (parts.some((part) => !` ${article} `.includes(` ${part} `))) missingQuotes.push(`“${match[1]?.trim()}”`);
  }

  // Names: capitalised words not at the start of a sentence (or tagged proper nouns there).
  const analysed = analyseText(text);
  const missingNames: string[] = [];
  let contentWords = 0;
  let novelWords = 0;
  for (const sentence of analysed.sentences) {
    let name: string[] = [];
    let nameMissing = false;
    const flush = () => {
      const written = name.join(' ');
      if (name.length > 0 && nameMissing && !missingNames.includes(written)) missingNames.push(written);
      name = [];
      nameMissing = false;
    };
    let first = true;
    for (let i = sentence.tokenStart; i < sentence.tokenEnd; i++) {
      const value = analysed.value[i] ?? '';
      const isWord = analysed.type[i] === 'word';
      if (!isWord) {
        if (analysed.type[i] !== 'punctuation' || value !== '-') flush();
        continue;
      }
      const key = comparable(value);
      const looksLikeName =
        /^\p{Lu}/u.test(value) &&
        value !== 'I' &&
        // A function word ("If", "Here's", "The") is capitalised for position, never a name of its own.
        !analysed.stop[i] &&
        (!first || analysed.pos[i] === 'PROPN') &&
        key.length > 1;
      first = false;
      if (looksLikeName) {
        name.push(value);
        if (key.split(' ').some((w) => !articleWords.has(w))) nameMissing = true;
      } else flush();
      if (!analysed.stop[i] && key.length >= 4 && /^\p{L}+$/u.test(key)) {
        contentWords++;
        if (!articleWords.has(key) && !articleWords.has(comparable(analysed.lemma[i] ?? ''))) novelWords++;
      }
    }
    flush();
  }

  const reasons: string[] = [];
  if (missingNumbers.length) reasons.push(missingSentence(missingNumbers.length, 'number', 'numbers', missingNumbers));
  if (missingNames.length) reasons.push(missingSentence(missingNames.length, 'name', 'names', missingNames));
  if (missingQuotes.length) reasons.push(missingSentence(missingQuotes.length, 'quote', 'quotes', missingQuotes));
  const novelShare = contentWords >= NOVEL_WORDS_MIN_SAMPLE ? novelWords / contentWords : 0;
  if (novelShare > NOVEL_WORDS_LIMIT) {
    reasons.push(`${Math.round(novelShare * 100)}% of the thread's key words do not appear in the article.`);
  }

  const points =
    missingNumbers.length + missingNames.length + 2 * missingQuotes.length + (novelShare > NOVEL_WORDS_LIMIT ? 1 : 0);
  const risk = points === 0 ? 'low' : points <= 2 ? 'medium' : 'high';
  const reason = reasons.length
    ? reasons.join(' ')
    : 'All numbers, names and quotes in the posts appear in the article.';
  const articleLength = articleText.length;
  const contentRatio = articleLength === 0 ? 0 : Math.round((generatedCharacters(posts) / articleLength) * 1000) / 1000;
  return { risk, reason, contentRatio };
}
