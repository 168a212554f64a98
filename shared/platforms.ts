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
  threads: 'Threads',
  linkedin: 'LinkedIn',
};

/** A platform's display name, e.g. twitter → 'Twitter/X'. */
export function platformDisplayName(platform: Platform): string {
  return PLATFORM_DISPLAY_NAMES[platform];
}

/** Whether an admin left a platform enabled; a platform with no settings row counts as enabled. */
export function isPlatformEnabled(
  platform: Platform,
  settings: readonly { platformId: string; isEnabled: boolean }[],
): boolean {
  return settings.find((row) => row.platformId === platform)?.isEnabled ?? true;
}

/** True for one of the supported platform ids. */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && Object.hasOwn(PLATFORM_DISPLAY_NAMES, value);
}
