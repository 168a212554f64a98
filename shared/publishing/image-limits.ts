import type { MediaMimeType } from '../schemas/media';
import type { Platform } from '../schemas/thread';

/**
 * What each platform's documented media API takes, checked before a run starts; images are
 * resized or re-encoded to fit (functions/services/media). `maxAlt` null: the platform has no alt
 * text field (the alt text cannot travel; it is not required for that platform).
 */
export interface ImageLimits {
  maxPerPost: number;
  /** Fewer on the thread's later posts, when they are of another kind (Facebook's comments take one photo). */
  maxPerReply?: number;
  maxBytes: number;
  /** The longest side, in pixels. */
  maxDimension: number;
  mimeTypes: readonly MediaMimeType[];
  maxAlt: number | null;
}

const COMMON: readonly MediaMimeType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MB = 1024 * 1024;

export const IMAGE_LIMITS: Record<Platform, ImageLimits> = {
  // X (docs.x.com, media introduction and best practices): an image up to 5 MB, 4 photos per post;
  // alt text ≤ 1,000 characters (POST /2/media/metadata). The longest side is our cap, not X's.
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
  // Threads (developers.facebook.com/docs/threads/posts, media specifications): JPEG or PNG, ≤ 8 MB,
  // at most 1,440 px wide (wider is scaled down); a carousel takes 2 to 20 items (4 is the product's
  // cap per post); alt_text ≤ 1,000.
  threads: {
    maxPerPost: 4,
    maxBytes: 8 * MB,
    maxDimension: 1440,
    mimeTypes: ['image/jpeg', 'image/png'],
    maxAlt: 1000,
  },
  // LinkedIn (learn.microsoft.com Images API and Posts API): JPG, GIF or PNG under 36,152,320 pixels;
  // a multiImage post takes 2 to 20; altText ≤ 4,086. The byte cap is ours (the docs state none).
  linkedin: {
    maxPerPost: 4,
    maxBytes: 8 * MB,
    maxDimension: 4096,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxAlt: 4086,
  },
  // Facebook Page photos (Graph API /{page-id}/photos): JPEG, PNG, GIF…, ≤ 4 MB, alt text through
  // alt_text_custom; 4 attach to the Page post, but a comment takes one (attachment_id).
  facebook: {
    maxPerPost: 4,
    maxPerReply: 1,
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
  // Reddit: none. reddit.com/dev/api documents `kind=image` on /api/submit but no way to upload the
  // image (the media asset lease, /api/media/asset.json, is undocumented), so Reddit gets the link
  // post; no alt text field either.
  reddit: {
    maxPerPost: 0,
    maxBytes: 20 * MB,
    maxDimension: 4096,
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxAlt: null,
  },
};
