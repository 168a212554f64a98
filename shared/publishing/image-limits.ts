import type { MediaMimeType } from '../schemas/media';
import type { Platform } from '../schemas/thread';

/**
 * What each platform's documented media API takes, checked before a run starts; images are
 * resized or re-encoded to fit (functions/services/media). `maxAlt` null: the platform has no alt
 * text field (the alt text cannot travel; it is not required for that platform).
 */
export interface ImageLimits {
  maxPerPost: number;
  maxBytes: number;
  /** The longest side, in pixels. */
  maxDimension: number;
  mimeTypes: readonly MediaMimeType[];
  maxAlt: number | null;
}

const COMMON: readonly MediaMimeType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MB = 1024 * 1024;

export const IMAGE_LIMITS: Record<Platform, ImageLimits> = {
  // X: media/upload, tweet_image up to 5 MB; 4 per post; alt text ≤ 1,000 characters (media/metadata).
  twitter: { maxPerPost: 4, maxBytes: 5 * MB, maxDimension: 8192, mimeTypes: COMMON, maxAlt: 1000 },
  // Bluesky: app.bsky.embed.images takes 4. The lexicon's image blob was ≤ 1,000,000 bytes (2 MB in
  // newer lexicons, but PDSes validating against the older one refuse more: @atproto/pds 0.4.217
  // does; the external embed's thumb stays ≤ 1,000,000). The lexicon sets no alt limit: 2,000 and
  // 2000 px are the official app's (bluesky-social/social-app MAX_ALT_TEXT, POST_IMG_MAX).
  bluesky: {
    maxPerPost: 4,
    maxBytes: 1_000_000,
    maxDimension: 2000,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    maxAlt: 2000,
  },
  // Mastodon: 4 attachments a status (PostStatusService); images ≤ 16 MB and 33,177,600 px by default
  // (GET /api/v2/instance configuration.media_attachments); description ≤ 1,500
  // (MediaAttachment::MAX_DESCRIPTION_LENGTH). 4096 px keeps far within the pixel cap.
  mastodon: { maxPerPost: 4, maxBytes: 16 * MB, maxDimension: 4096, mimeTypes: COMMON, maxAlt: 1500 },
  // Threads: a carousel takes up to 20 items; images ≤ 8 MB, JPEG or PNG; alt_text ≤ 1,000.
  threads: {
    maxPerPost: 4,
    maxBytes: 8 * MB,
    maxDimension: 1440,
    mimeTypes: ['image/jpeg', 'image/png'],
    maxAlt: 1000,
  },
  // LinkedIn Images API: JPG, GIF, PNG; a multi-image post takes up to 20; altText ≤ 4,086.
  linkedin: {
    maxPerPost: 4,
    maxBytes: 8 * MB,
    maxDimension: 4096,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxAlt: 4086,
  },
  // Facebook Page photos: JPEG, PNG, GIF…; ≤ 4 MB recommended, alt text through alt_text_custom.
  facebook: {
    maxPerPost: 4,
    maxBytes: 4 * MB,
    maxDimension: 2048,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxAlt: 1000,
  },
  // Telegram sendPhoto / sendMediaGroup (an album of 2–10): a photo ≤ 10 MB, width + height ≤ 10,000,
  // a side at most 20 times the other; caption ≤ 1,024; no alt text field.
  telegram: {
    maxPerPost: 4,
    maxBytes: 10 * MB,
    maxDimension: 2560,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    maxAlt: null,
  },
  // Discord ("Uploading Files"): up to 10 files a message; the upload limit without boosts (10 MiB) is
  // counted over a message's files together (a request is at most 25 MiB), so 4 pictures share it:
  // 2.5 MiB each. An attachment's description (alt text) ≤ 1,024.
  discord: { maxPerPost: 4, maxBytes: 2.5 * MB, maxDimension: 4096, mimeTypes: COMMON, maxAlt: 1024 },
  // Reddit: one image per image post (the first post's); no alt text field in the API.
  reddit: {
    maxPerPost: 1,
    maxBytes: 20 * MB,
    maxDimension: 4096,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxAlt: null,
  },
};
