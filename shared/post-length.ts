import twitterText from 'twitter-text';

/** Post limit: 280, weighted as Twitter counts it (links 23, emoji and CJK 2). */
export const POST_CHAR_LIMIT = 280;

/** Weighted length of a post's text, the number shown as "n/280". */
export function postLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/** How many characters a post is over the limit (0 when it fits). */
export function charactersOver(text: string): number {
  return Math.max(0, postLength(text) - POST_CHAR_LIMIT);
}

/** True when a post's weighted length is within the 280 limit. */
export function fitsPostLimit(text: string): boolean {
  return postLength(text) <= POST_CHAR_LIMIT;
}
