import type { Platform } from '#shared/schemas/thread';
import type { PlatformAdapter } from './platform-adapter';
import { blueskyAdapter } from './platforms/bluesky';
import { discordAdapter } from './platforms/discord';
import { facebookAdapter } from './platforms/facebook';
import { linkedinAdapter } from './platforms/linkedin';
import { mastodonAdapter } from './platforms/mastodon';
import { redditAdapter } from './platforms/reddit';
import { telegramAdapter } from './platforms/telegram';
import { threadsAdapter } from './platforms/threads';
import { twitterAdapter } from './platforms/twitter';

// Every platform has its adapter (an unknown platform id is refused by platformSchema before this).
const adapters: Record<Platform, PlatformAdapter> = {
  twitter: twitterAdapter as PlatformAdapter,
  bluesky: blueskyAdapter as PlatformAdapter,
  discord: discordAdapter as PlatformAdapter,
  reddit: redditAdapter as PlatformAdapter,
  mastodon: mastodonAdapter as PlatformAdapter,
  telegram: telegramAdapter as PlatformAdapter,
  facebook: facebookAdapter as PlatformAdapter,
  threads: threadsAdapter as PlatformAdapter,
  linkedin: linkedinAdapter as PlatformAdapter,
};

/** The adapter of a platform. */
export function adapterFor(platform: Platform): PlatformAdapter {
  return adapters[platform];
}
