import { POST_CHAR_LIMIT, postLength } from '../post-length';
import type { Platform } from '../schemas/thread';
import { LINKEDIN_COMMENTARY_LIMIT, linkedinLength, linkedinPost } from './linkedin-format';
import { codePointLength, REDDIT_TEXT_LIMIT, redditMarkdown, redditSourceLine } from './reddit-format';
import type { PostRules } from './reflow';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const URL_PATTERN = /https?:\/\/\S+/g;

/** Mastodon counts every link as 23 characters, whatever its length (`characters_reserved_per_url`). */
export const MASTODON_LINK_WEIGHT = 23;
/** Mastodon's own default when an instance does not say (`configuration.statuses.max_characters`). */
export const MASTODON_DEFAULT_LIMIT = 500;
/** Telegram Bot API: a message's text is at most 4,096 characters. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** Facebook: a comment is at most 8,000 characters (a Page post takes more, but the rest of a thread goes as comments). */
export const FACEBOOK_COMMENT_LIMIT = 8000;
/** Discord: a message's content is at most 2,000 characters. */
export const DISCORD_MESSAGE_LIMIT = 2000;
/** Threads: a text post is at most 500 characters, each emoji counted as its UTF-8 bytes… */
export const THREADS_TEXT_LIMIT = 500;
/** …with at most 5 distinct links (more fail at container creation: THREADS_API__LINK_LIMIT_EXCEEDED). */
export const THREADS_LINK_LIMIT = 5;
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

// A fediverse mention: Mastodon counts `@user@domain` as `@user` only.
const MENTION_PATTERN = /(?<![\w@/])@(\w+)@[\w.-]+\w/g;

/**
 * Mastodon's measure (its StatusLengthValidator): graphemes, each link counted as the instance's
 * reserved URL length, and the domain of a remote mention not counted.
 */
export function mastodonLength(text: string, linkWeight = MASTODON_LINK_WEIGHT): number {
  let length = graphemeLength(text);
  for (const match of text.matchAll(URL_PATTERN)) length += linkWeight - graphemeLength(match[0]);
  const withoutLinks = text.replace(URL_PATTERN, '');
  for (const match of withoutLinks.matchAll(MENTION_PATTERN)) length -= match[0].length - 1 - (match[1] ?? '').length;
  return length;
}

/** An instance's own statuses configuration (GET /api/v2/instance). */
export interface MastodonInstanceLimits {
  maxCharacters: number;
  charactersReservedPerUrl: number;
}

/**
 * Bluesky's measure against its 300-grapheme limit: graphemes, or a tenth of the UTF-8 bytes when
 * that is more, so a post within the limit also keeps within the 3,000-byte cap (emoji sequences).
 */
export function blueskyLength(text: string): number {
  const bytes = utf8.encode(text).byteLength;
  return Math.max(graphemeLength(text), Math.ceil((bytes * BLUESKY_GRAPHEME_LIMIT) / BLUESKY_BYTE_LIMIT));
}

// An emoji grapheme: a pictograph (with its modifiers and joiners), a flag's regional indicators, a keycap.
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;

/**
 * Threads' measure against its 500 limit: characters (graphemes), an emoji counted as the number
 * of its UTF-8 bytes (developers.facebook.com/docs/threads/posts: "Emojis are counted as the number
 * of UTF-8 bytes"); a text with more than five distinct links measures over any limit, so the
 * re-flow never merges posts past the link limit.
 */
export function threadsLength(text: string): number {
  if (new Set(text.match(URL_PATTERN) ?? []).size > THREADS_LINK_LIMIT) return Number.POSITIVE_INFINITY;
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    length += EMOJI.test(segment) ? utf8.encode(segment).byteLength : 1;
  }
  return length;
}

/** How each platform measures and bounds a post (Mastodon's from its instance, when known). */
export function postRulesFor(platform: Platform, options: { mastodon?: MastodonInstanceLimits } = {}): PostRules {
  switch (platform) {
    case 'telegram':
      return { limit: TELEGRAM_MESSAGE_LIMIT, measure: (text) => text.length, titleOnFirstPost: true };
    case 'mastodon':
      return {
        limit: options.mastodon?.maxCharacters ?? MASTODON_DEFAULT_LIMIT,
        measure: (text) => mastodonLength(text, options.mastodon?.charactersReservedPerUrl),
        titleOnFirstPost: true,
        // `@user@domain` from fediverse:creator: Mastodon links and notifies the account.
        authorMention: (handles) => handles.fediverse,
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
    case 'threads':
      return { limit: THREADS_TEXT_LIMIT, measure: threadsLength, titleOnFirstPost: true };
    // UTF-16 units: never fewer than the characters Discord counts, so a message within it is accepted.
    case 'discord':
      return { limit: DISCORD_MESSAGE_LIMIT, measure: (text) => text.length, titleOnFirstPost: true };
    case 'bluesky':
      // The adapter makes the handle a mention facet when it resolves to a DID (the text stays either way).
      return {
        limit: BLUESKY_GRAPHEME_LIMIT,
        measure: blueskyLength,
        titleOnFirstPost: true,
        authorMention: (handles) => handles.bluesky,
      };
    // One self-post: the title is the post's own, the text opens with the source and is markdown.
    case 'reddit':
      return {
        limit: REDDIT_TEXT_LIMIT,
        measure: codePointLength,
        titleOnFirstPost: false,
        markup: redditMarkdown,
        sourceLine: redditSourceLine,
      };
    // No threads on LinkedIn: one post, composed whole (shared/publishing/linkedin-format.ts).
    case 'linkedin':
      return {
        limit: LINKEDIN_COMMENTARY_LIMIT,
        measure: linkedinLength,
        titleOnFirstPost: true,
        compose: (thread) => [linkedinPost(thread)],
      };
  }
}

const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * A platform's rules as far as its connection's data tells them without asking the platform: a
 * Mastodon connection keeps its instance's limits from when it was made (the publisher reads them
 * live, so a preview only differs if the instance changed them since).
 */
export function postRulesOfConnection(platform: Platform, connectionData: Record<string, unknown> = {}): PostRules {
  const maxCharacters = positiveInteger(connectionData.maxCharacters);
  if (platform !== 'mastodon' || maxCharacters === undefined) return postRulesFor(platform);
  const charactersReservedPerUrl = positiveInteger(connectionData.charactersReservedPerUrl) ?? MASTODON_LINK_WEIGHT;
  return postRulesFor(platform, { mastodon: { maxCharacters, charactersReservedPerUrl } });
}
