import { POST_CHAR_LIMIT, postLength } from './post-length';
import type { Post } from './schemas/thread';

// A thread numbering at the very end of a post: "1/5", "(1/5)" or "[1/5]", after a space or alone.
const TRAILING_NUMBERING = /(?:^|\s+)(?:\((\d{1,3})\/(\d{1,3})\)|\[(\d{1,3})\/(\d{1,3})\]|(\d{1,3})\/(\d{1,3}))\s*$/;

const ELLIPSIS = '…';

/**
 * A post's text without its trailing `n/total` numbering, as it is copied out. Only a position that can be one
 * (1 ≤ n ≤ total) is removed, so "grew by 2021/22" or "2/1" stay as written.
 */
export function stripTrailingNumbering(content: string): string {
  const match = TRAILING_NUMBERING.exec(content);
  if (!match) return content;
  const [position, total] = match
    .slice(1)
    .filter((group) => group !== undefined)
    .map(Number);
  if (position === undefined || total === undefined || position < 1 || position > total) return content;
  return content.slice(0, match.index).trimEnd();
}

/** Every post without its numbering, joined by a blank line (Copy All). */
export function copyAllText(posts: readonly Pick<Post, 'content'>[]): string {
  return posts.map((post) => stripTrailingNumbering(post.content)).join('\n\n');
}

/** Text to put on the clipboard, and whether it had to be shortened to fit. */
export interface CopyText {
  text: string;
  truncated: boolean;
}

/**
 * Shortens a text to the Twitter limit by weighted count (links 23, emoji and CJK 2), cutting at
 * the last word boundary that fits and ending with an ellipsis; a text that fits is returned as is.
 */
export function truncateForTwitter(text: string, limit = POST_CHAR_LIMIT): CopyText {
  if (postLength(text) <= limit) return { text, truncated: false };
  let candidate = wordBoundaryPrefix(text, fittingPrefixLength(text, limit));
  // The ellipsis weighs 2 and a cut link may re-count, so drop words until the result fits.
  while (candidate && postLength(`${candidate}${ELLIPSIS}`) > limit) {
    candidate = wordBoundaryPrefix(candidate, candidate.length - 1);
  }
  return { text: `${candidate}${ELLIPSIS}`, truncated: true };
}

/** A post's clipboard text: numbering stripped, then truncated to the Twitter limit if needed. */
export function postCopyText(content: string): CopyText {
  return truncateForTwitter(stripTrailingNumbering(content));
}

/** Length in UTF-16 units of the longest prefix whose weighted length stays within the limit. */
function fittingPrefixLength(text: string, limit: number): number {
  let low = 0;
  let high = text.length;
  // Weighted length grows with the prefix except where a link is cut, which the caller re-checks.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (postLength(safeSlice(text, middle)) <= limit) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The first `length` units of the text, cut back to the last whitespace so no word is split
 * (unless the first word alone is too long), with trailing whitespace removed.
 */
function wordBoundaryPrefix(text: string, length: number): string {
  const head = safeSlice(text, length);
  const nextIsBreak = length >= text.length || /\s/.test(text.charAt(length));
  if (nextIsBreak) return head.trimEnd();
  const lastSpace = head.search(/\s\S*$/);
  return (lastSpace > 0 ? head.slice(0, lastSpace) : head).trimEnd();
}

// Never leave half of a surrogate pair at the end of a cut.
function safeSlice(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
  return text.slice(0, Math.max(0, cut));
}
