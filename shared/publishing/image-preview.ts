import type { Platform } from '../schemas/thread';

/**
 * The frame (width / height) a platform's timeline crops a single picture to, for the preview;
 * null where the timeline shows the whole picture at its own ratio. Approximations of each app's
 * current feed, not API limits: the published file is never cropped.
 */
export const IMAGE_PREVIEW_ASPECT: Record<Platform, number | null> = {
  twitter: 16 / 9,
  mastodon: 16 / 9,
  linkedin: 1.91,
  facebook: 1,
  threads: 4 / 5,
  bluesky: null,
  discord: null,
  telegram: null,
  reddit: null,
};
