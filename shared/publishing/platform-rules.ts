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
/** Bluesky: a post's text is at most 300 graphemes… */
export const BLUESKY_GRAPHEME_LIMIT = 300;
/** …and at most 3,000 UTF-8 bytes (app.bsky.feed.post `maxLength`). */
export const BLUESKY_BYTE_LIMIT = 3000;

const utf8 = new TextEncoder();

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

/**
 * Bluesky's measure against its 300-grapheme limit: graphemes, or a tenth of the UTF-8 bytes when
 * that is more, so a post within the limit also keeps within the 3,000-byte cap (emoji sequences).
 */
export function blueskyLength(text: string): number {
  const bytes = utf8.encode(text).byteLength;
  return Math.max(graphemeLength(text), Math.ceil((bytes * BLUESKY_GRAPHEME_LIMIT) / BLUESKY_BYTE_LIMIT));
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
    case 'bluesky':
      return { limit: BLUESKY_GRAPHEME_LIMIT, measure: blueskyLength, titleOnFirstPost: true };
    default:
      return null;
  }
}
