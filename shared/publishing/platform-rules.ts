import { POST_CHAR_LIMIT, postLength } from '../post-length';
import type { Platform } from '../schemas/thread';
import type { PostRules } from './reflow';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const URL_PATTERN = /https?:\/\/\S+/g;

/** Mastodon counts every link as 23 characters, whatever its length. */
export const MASTODON_LINK_WEIGHT = 23;
/** Mastodon's own default when an instance does not say (`configuration.statuses.max_characters`). */
export const MASTODON_DEFAULT_LIMIT = 500;
/** Telegram Bot API: a message's text is at most 4,096 characters. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** Facebook: a comment is at most 8,000 characters (a Page post takes more, but the rest of a thread goes as comments). */
export const FACEBOOK_COMMENT_LIMIT = 8000;
/** Bluesky: a post's text is at most 300 graphemes. */
export const BLUESKY_GRAPHEME_LIMIT = 300;

/** Number of user-perceived characters (an emoji with modifiers is one). */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** Mastodon's measure: characters, each link counted as 23. */
export function mastodonLength(text: string): number {
  let length = [...text].length;
  for (const match of text.matchAll(URL_PATTERN)) length += MASTODON_LINK_WEIGHT - [...match[0]].length;
  return length;
}

/** The posting rules of the platforms this part implements; the others arrive with their adapters. */
export function postRulesFor(platform: Platform, options: { mastodonLimit?: number } = {}): PostRules | null {
  switch (platform) {
    case 'telegram':
      return { limit: TELEGRAM_MESSAGE_LIMIT, measure: (text) => text.length, titleOnFirstPost: true };
    case 'mastodon':
      return {
        limit: options.mastodonLimit ?? MASTODON_DEFAULT_LIMIT,
        measure: mastodonLength,
        titleOnFirstPost: true,
      };
    case 'twitter':
      // X's own count (twitter-text): links 23, emoji and CJK 2, the same one the editor shows.
      return {
        limit: POST_CHAR_LIMIT,
        measure: postLength,
        titleOnFirstPost: true,
        authorMention: (handles) => handles.twitter,
      };
    case 'facebook':
      return { limit: FACEBOOK_COMMENT_LIMIT, measure: (text) => text.length, titleOnFirstPost: true };
    case 'bluesky':
      return { limit: BLUESKY_GRAPHEME_LIMIT, measure: graphemeLength, titleOnFirstPost: true };
    default:
      return null;
  }
}
