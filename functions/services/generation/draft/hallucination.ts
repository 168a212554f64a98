import type { Hallucination } from '#shared/schemas/thread';
import { articleReference, checkableText, isAttribution, scanText, type UnsupportedItem } from './faithfulness';

/** Share of a thread's content words that may be new before the wording itself counts as a signal. */
const NOVEL_WORDS_LIMIT = 0.6;
const NOVEL_WORDS_MIN_SAMPLE = 15;

/** The text of posts a reader would check against the article: no attribution, hashtags, numbering or links. */
function threadText(posts: readonly { content: string }[]): string {
  return posts
    .filter((p) => !isAttribution(p.content))
    .map((p) => checkableText(p.content))
    .filter(Boolean)
    .join('\n\n');
}

function missingSentence(singular: string, plural: string, items: string[]): string {
  const shown = items.slice(0, 5).join(', ');
  const more = items.length > 5 ? ` and ${items.length - 5} more` : '';
  return `${items.length} ${items.length === 1 ? singular : plural} not found in the article: ${shown}${more}.`;
}

/** Characters of the generated posts counted in `contentRatio`: hook and numbered posts, attribution excluded. */
export function generatedCharacters(posts: readonly { content: string }[]): number {
  return posts.filter((p) => !isAttribution(p.content)).reduce((sum, p) => sum + p.content.length, 0);
}

/**
 * How much of a thread may not come from the article. Numbers, names (capitalised words) and
 * quotations in the posts that the article does not contain raise the risk (a quote counts double);
 * so does wording that is mostly new. `contentRatio` = characters of the hook and numbered posts
 * (attribution excluded) ÷ characters of the article text, rounded to 3 decimals; 0 for an empty article.
 */
export function assessHallucination(
  posts: readonly { content: string }[],
  articleText: string,
  /** The thread's language: how its words are read. */
  language?: string | null,
  /** A translated thread: quotations are marked translated, and its wording cannot be the article's. */
  quotesTranslated = false,
): Hallucination {
  const scan = scanText(threadText(posts), articleReference(articleText), language, quotesTranslated);
  const of = (kind: UnsupportedItem['kind']) =>
    scan.unsupported.filter((item) => item.kind === kind).map((item) => item.text);
  const missingNumbers = of('number');
  const missingNames = of('name');
  const missingQuotes = of('quote').map((quote) => `“${quote}”`);

  const reasons: string[] = [];
  if (missingNumbers.length) reasons.push(missingSentence('number', 'numbers', missingNumbers));
  if (missingNames.length) reasons.push(missingSentence('name', 'names', missingNames));
  if (missingQuotes.length) reasons.push(missingSentence('quote', 'quotes', missingQuotes));
  // A translation's words are another language's: only its numbers and names can be matched.
  const novelShare =
    !quotesTranslated && scan.contentWords >= NOVEL_WORDS_MIN_SAMPLE ? scan.novelWords / scan.contentWords : 0;
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
