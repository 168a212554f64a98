import type { Platform } from '#shared/schemas/thread';
import { blueskyAdapter } from './bluesky';
import { discordAdapter } from './discord';
import { facebookAdapter } from './facebook';
import { linkedinAdapter } from './linkedin';
import { mastodonAdapter } from './mastodon';
import { metaThreadsAdapter } from './meta-threads';
import type { PlatformAdapter } from './platform-adapter';
import { redditAdapter } from './reddit';
import { telegramAdapter } from './telegram';
import { twitterAdapter } from './twitter';

// Every platform has its adapter (an unknown platform id is refused by platformSchema before this).
const adapters: Record<Platform, PlatformAdapter> = {
  twitter: twitterAdapter as PlatformAdapter,
  bluesky: blueskyAdapter as PlatformAdapter,
  discord: discordAdapter as PlatformAdapter,
  reddit: redditAdapter as PlatformAdapter,
  mastodon: mastodonAdapter as PlatformAdapter,
  telegram: telegramAdapter as PlatformAdapter,
  facebook: facebookAdapter as PlatformAdapter,
  threads: metaThreadsAdapter as PlatformAdapter,
  linkedin: linkedinAdapter as PlatformAdapter,
};

/** The adapter of a platform. */
export function adapterFor(platform: Platform): PlatformAdapter {
  return adapters[platform];
}
