import type { Platform } from '../../../shared/schemas/thread';
import { DomainError } from '../../lib/errors';
import type { PlatformAdapter } from './platform-adapter';
import { facebookAdapter } from './platforms/facebook';
import { telegramAdapter } from './platforms/telegram';
import { twitterAdapter } from './platforms/twitter';

/** A platform without an adapter yet (spec §7: 'Platform {x} not implemented'). */
export class PlatformNotImplementedError extends DomainError {
  constructor(platform: string) {
    super(400, `Platform ${platform} not implemented`, {}, 'platform_not_implemented');
  }
}

const adapters: Partial<Record<Platform, PlatformAdapter>> = {
  telegram: telegramAdapter as PlatformAdapter,
  facebook: facebookAdapter as PlatformAdapter,
  twitter: twitterAdapter as PlatformAdapter,
};

/** The adapter of a platform, or PlatformNotImplementedError. */
export function adapterFor(platform: string): PlatformAdapter {
  const adapter = adapters[platform as Platform];
  if (!adapter) throw new PlatformNotImplementedError(platform);
  return adapter;
}

/** Platforms that can be connected and posted to today. */
export function implementedPlatforms(): Platform[] {
  return Object.keys(adapters) as Platform[];
}
