import { sentenceSpans } from '../readable-split';
import { type ThreadText, withoutNumbering } from './reflow';

/** LinkedIn Posts API: a post's `commentary` is at most 3,000 characters. */
export const LINKEDIN_COMMENTARY_LIMIT = 3000;

// The characters LinkedIn's 'little' text format reserves (mentions, hashtags, templates):
// every one is escaped with a backslash, even outside an element, or the post is cut or refused.
const LITTLE_RESERVED = /[|{}@[\]()<>#\\*_~]/g;
const PARAGRAPH = '\n\n';

/** Plain text as `commentary` in LinkedIn's 'little' format: each reserved character escaped. */
export function escapeLittle(text: string): string {
  return text.replace(LITTLE_RESERVED, '\\$&');
}

/**
 * The length LinkedIn holds against its 3,000-character limit, taken on the escaped text in UTF-16
 * units: never less than LinkedIn counts, however it counts, so a post within it is accepted.
 */
export function linkedinLength(text: string): number {
  return escapeLittle(text).length;
}

/** The line crediting the article's author, when the page named one. */
function authorCredit(author: string | null | undefined): string {
  const name = author?.trim();
  return name ? `Original article by ${name}.` : '';
}

/** The attribution, with the source link at its very end so LinkedIn builds the link preview from it. */
function closingWithLink(attribution: string, sourceUrl: string | undefined): string {
  if (!sourceUrl || attribution.endsWith(sourceUrl)) return attribution;
  return [attribution, sourceUrl].filter(Boolean).join(PARAGRAPH);
}

/** The leading whole sentences of `text` for which `fits` still holds; empty when not even the first does. */
function leadingSentences(text: string, fits: (part: string) => boolean): string {
  let kept = '';
  for (const span of sentenceSpans(text)) {
    const candidate = text.slice(0, span.end).trim();
    if (!fits(candidate)) break;
    kept = candidate;
  }
  return kept;
}

/**
 * A thread as one LinkedIn post (LinkedIn has no threads): the title, the posts as paragraphs
 * without their numbering, the author credited, and the attribution last, ending with the source
 * link. Over 3,000 characters (measured escaped), the posts are shortened at a sentence boundary:
 * the paragraphs that fit whole, then the leading sentences of the next, never a fragment; the
 * title, the credit and the attribution always stay. With `attributionApart` (the link in the first
 * comment) the post ends with the author's credit, without the attribution or the link. Plain text:
 * the adapter escapes it when sending.
 */
export function linkedinPost(thread: ThreadText): string {
  const title = thread.title.trim();
  const attribution = (thread.posts.at(-1) ?? '').trim();
  const credit = authorCredit(thread.author);
  // Posted apart (the first comment), the attribution and its link are left out of the post.
  const closing = (
    thread.attributionApart ? [credit] : [credit, closingWithLink(attribution, thread.sourceUrl)]
  ).filter(Boolean);
  const body = thread.posts.slice(0, -1).map(withoutNumbering).filter(Boolean);
  const compose = (paragraphs: readonly string[]) => [title, ...paragraphs, ...closing].filter(Boolean).join(PARAGRAPH);
  const fits = (paragraphs: readonly string[]) => linkedinLength(compose(paragraphs)) <= LINKEDIN_COMMENTARY_LIMIT;
  const kept: string[] = [];
  for (const paragraph of body) {
    if (fits([...kept, paragraph])) {
      kept.push(paragraph);
      continue;
    }
    const shortened = leadingSentences(paragraph, (part) => fits([...kept, part]));
    if (shortened) kept.push(shortened);
    break;
  }
  return compose(kept);
}
