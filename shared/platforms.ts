// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { Platform } from './schemas/thread';

/** How each platform is named in the interface. */
export const PLATFORM_DISPLAY_NAMES: Record<Platform, string> = {
  twitter: 'Twitter/X',
  bluesky: 'Bluesky',
  discord: 'Discord',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  telegram: 'Telegram',
  facebook: 'Facebook',
};

/** True for one of the seven supported platform ids. */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && Object.hasOwn(PLATFORM_DISPLAY_NAMES, value);
}
