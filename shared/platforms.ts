import { platformMessages } from './messages';
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

/** The order of the connection cards in account settings (spec §2). */
export const CONNECTION_SETTINGS_ORDER: readonly Platform[] = [
  'twitter',
  'facebook',
  'reddit',
  'discord',
  'mastodon',
  'bluesky',
  'telegram',
];

/** True for one of the seven supported platform ids. */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && Object.hasOwn(PLATFORM_DISPLAY_NAMES, value);
}

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

/** The dropdown value that reveals the custom-instance field. */
export const MASTODON_OTHER_OPTION = 'other';

/** The Mastodon preset servers of spec §9, the app's own host fourth; 'Other' is offered after them. */
export function mastodonPresetServers(appHost: string): string[] {
  const servers = [
    'mastodon.social',
    'mas.to',
    'mstdn.social',
    appHost,
    'mastodon.world',
    'hachyderm.io',
    'pixelfed.social',
  ];
  return [...new Set(servers.map((server) => server.trim().toLowerCase()).filter(Boolean))];
}

/** A Mastodon instance check: the bare host to connect to, or the spec §5 message. */
export type MastodonInstanceResult = { ok: true; instance: string } | { ok: false; error: string };

// Dot-separated DNS labels ending in an alphabetic (or punycode) top-level part, with an optional port.
const INSTANCE_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})(?::\d{1,5})?$/;

/**
 * Validates a custom Mastodon instance (spec §5): the protocol prefix and trailing slashes are
 * stripped, then it must be a domain name with a top-level part (international names become
 * their punycode form); a path, query or credentials make it invalid.
 */
export function validateMastodonInstance(input: string): MastodonInstanceResult {
  const bare = input
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
  if (!bare) return { ok: false, error: platformMessages.mastodonServerRequired };
  const invalid = { ok: false, error: platformMessages.invalidMastodonInstance } as const;
  if (!URL.canParse(`https://${bare}`)) return invalid;
  const url = new URL(`https://${bare}`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || bare.includes('@')) {
    return invalid;
  }
  return INSTANCE_PATTERN.test(url.host) ? { ok: true, instance: url.host } : invalid;
}

/** What the Mastodon connect form holds. */
export interface MastodonConnectForm {
  /** A preset host, MASTODON_OTHER_OPTION, or '' when nothing is chosen. */
  server: string;
  customInstance: string;
  username: string;
}

/** A complete Mastodon connect request, or the first spec §5 message that stops it. */
export type MastodonConnectResult = { ok: true; instance: string; username: string } | { ok: false; error: string };

/**
 * Validates the Mastodon connect form: a chosen server (a preset as is, 'Other' through
 * validateMastodonInstance) and a username (a leading @ is dropped).
 */
export function validateMastodonConnect(form: MastodonConnectForm): MastodonConnectResult {
  const server = form.server.trim().toLowerCase();
  if (!server) return { ok: false, error: platformMessages.mastodonServerRequired };
  let instance = server;
  if (server === MASTODON_OTHER_OPTION) {
    const checked = validateMastodonInstance(form.customInstance);
    if (!checked.ok) return checked;
    instance = checked.instance;
  }
  const username = form.username.trim().replace(/^@/, '');
  if (!username) return { ok: false, error: platformMessages.mastodonUsernameRequired };
  return { ok: true, instance, username };
}
