import type { CreditSample, PlatformCredit } from '#shared/insights/credit-comparisons';
import type { Platform } from '#shared/schemas/thread';

/** One run's credit facts: link in the credit post, not quoted, credit reach 50%, no clicks reported, unless overridden. */
export function platformCredit(overrides: Partial<PlatformCredit> = {}): PlatformCredit {
  return { creditReach: 0.5, linkClicks: null, linkPlacement: 'credit-post', quoted: false, ...overrides };
}

/** `count` threads read on `platform` with these facts, their credit reach taken from `reaches` in turn when given. */
export function creditSamples(
  count: number,
  platform: Platform,
  facts: Partial<PlatformCredit> = {},
  reaches?: readonly number[],
): CreditSample[] {
  return Array.from({ length: count }, (_, index) => ({
    platform,
    credit: platformCredit({ ...facts, ...(reaches ? { creditReach: reaches[index % reaches.length]! } : {}) }),
  }));
}
