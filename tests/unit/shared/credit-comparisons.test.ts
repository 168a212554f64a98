import { describe, expect, it } from 'vitest';
import {
  type CreditSample,
  creditComparisonsOf,
  creditSamplesOf,
  MINIMUM_PER_GROUP,
  mean,
  median,
  type PlatformCredit,
} from '#shared/insights/credit-comparisons';
import { buildInsights, type ThreadInsight } from '#shared/insights/insights';
import type { Platform } from '#shared/schemas/thread';
import { creditSamples, platformCredit } from '../../helpers/credit-samples';

const sample = (platform: Platform, overrides: Partial<PlatformCredit> | null = {}): CreditSample => ({
  platform,
  credit: overrides === null ? null : platformCredit(overrides),
});

const byDimension = (comparisons: ReturnType<typeof creditComparisonsOf>, dimension: string, platform?: Platform) =>
  comparisons.find((entry) => entry.dimension === dimension && (platform === undefined || entry.platform === platform));

describe('median and mean', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, and null for none', () => {
    expect(median([0.9, 0.1, 0.3])).toBe(0.3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNull();
  });
});

describe('credit reach by link placement', () => {
  it("compares each platform's placements within that platform, with every allowed placement listed and its figures", () => {
    const comparisons = creditComparisonsOf([
      ...creditSamples(5, 'bluesky', { linkPlacement: 'first-post-and-credit' }, [0.2, 0.4, 0.6, 0.8, 1]),
      ...creditSamples(6, 'bluesky', { linkPlacement: 'credit-post' }, [0.1, 0.1, 0.2, 0.3, 0.3, 0.8]),
      ...creditSamples(2, 'mastodon', { linkPlacement: 'credit-post' }),
    ]);

    const bluesky = byDimension(comparisons, 'linkPlacement', 'bluesky')!;
    expect(bluesky).toMatchObject({
      title: 'Link placement on Bluesky',
      minimumPerGroup: MINIMUM_PER_GROUP,
      smallestGroup: 5,
      enough: true,
      leftOut: 0,
    });
    expect(bluesky.groups.map((group) => [group.key, group.threads, group.medianCreditReach])).toEqual([
      ['first-post-and-credit', 5, 0.6],
      ['credit-post', 6, 0.25],
    ]);
    expect(bluesky.groups[1]!.meanCreditReach).toBeCloseTo(0.3);
    expect(bluesky.groups[0]!.label).toBe('Link on the first post and in the credit post');

    // Mastodon's other placement has no thread yet: the comparison is flagged, with the smallest group's size.
    const mastodon = byDimension(comparisons, 'linkPlacement', 'mastodon')!;
    expect(mastodon).toMatchObject({ enough: false, smallestGroup: 0 });
    expect(mastodon.groups.map((group) => [group.key, group.threads])).toEqual([
      ['credit-post', 2],
      ['first-post-and-credit', 0],
    ]);
  });

  it('flags a comparison whose smallest group has one thread fewer than the minimum', () => {
    const comparisons = creditComparisonsOf([
      ...creditSamples(MINIMUM_PER_GROUP - 1, 'twitter', { linkPlacement: 'first-post-and-credit' }),
      ...creditSamples(20, 'twitter', { linkPlacement: 'credit-post' }),
    ]);
    expect(byDimension(comparisons, 'linkPlacement', 'twitter')).toMatchObject({
      enough: false,
      smallestGroup: MINIMUM_PER_GROUP - 1,
    });
  });

  it('leaves out and counts threads whose placement is not known; a thread without a credit reach figure is not in the sample', () => {
    const comparisons = creditComparisonsOf([
      ...creditSamples(5, 'mastodon', { linkPlacement: 'credit-post' }),
      ...creditSamples(5, 'mastodon', { linkPlacement: 'first-post-and-credit' }),
      sample('mastodon', { linkPlacement: 'first-post-and-credit', creditReach: null }),
      sample('mastodon', { linkPlacement: null }),
      sample('mastodon', null),
    ]);
    const mastodon = byDimension(comparisons, 'linkPlacement', 'mastodon')!;
    expect(mastodon.leftOut).toBe(2);
    expect(mastodon.groups.map((group) => group.threads)).toEqual([5, 5]);
    expect(mastodon.enough).toBe(true);
  });

  it('has no placement comparison for Reddit, where the link has one place', () => {
    expect(
      byDimension(creditComparisonsOf(creditSamples(8, 'reddit', { linkPlacement: 'in-post' })), 'linkPlacement'),
    ).toBe(undefined);
  });

  it('gives link clicks with their own sample size, where the platform reported them', () => {
    const comparisons = creditComparisonsOf([
      sample('bluesky', { linkClicks: 4 }),
      sample('bluesky', { linkClicks: 10, creditReach: null }),
      sample('bluesky', { linkClicks: 7 }),
      sample('bluesky', { linkClicks: null }),
    ]);
    const group = byDimension(comparisons, 'linkPlacement', 'bluesky')!.groups.find((g) => g.key === 'credit-post')!;
    expect(group.threads).toBe(3);
    expect(group.linkClicks).toEqual({ threads: 3, median: 7, mean: 7 });
    const empty = byDimension(comparisons, 'linkPlacement', 'bluesky')!.groups.find((g) => g.key !== 'credit-post')!;
    expect(empty).toMatchObject({ threads: 0, medianCreditReach: null, linkClicks: { threads: 0, median: null } });
  });
});

describe('credit reach by whether the author was quoted', () => {
  it('compares quoted with not quoted across the platforms where a credit can quote, leaving the others out', () => {
    const comparisons = creditComparisonsOf([
      ...creditSamples(3, 'bluesky', { quoted: true }, [0.9]),
      ...creditSamples(2, 'mastodon', { quoted: true }, [0.7]),
      ...creditSamples(5, 'mastodon', { quoted: false }, [0.3]),
      ...creditSamples(9, 'telegram', { quoted: false }, [0.1]),
      sample('bluesky', null),
    ]);
    const quoted = byDimension(comparisons, 'authorQuoted')!;
    expect(quoted).toMatchObject({ platform: null, title: "Quoting the author's own post", enough: true, leftOut: 1 });
    expect(quoted.groups.map((group) => [group.label, group.threads, group.medianCreditReach])).toEqual([
      ["Author's post quoted", 5, 0.9],
      ['Not quoted', 5, 0.3],
    ]);
  });

  it('has no quoted comparison when no thread went where a credit can quote', () => {
    expect(byDimension(creditComparisonsOf(creditSamples(6, 'telegram', {})), 'authorQuoted')).toBeUndefined();
  });
});

describe('credit reach by whether the plug fired', () => {
  it('is shown only once some thread had a plug armed, leaving out those with none', () => {
    const unarmed = creditSamples(12, 'bluesky', {});
    expect(byDimension(creditComparisonsOf(unarmed), 'plugFired')).toBeUndefined();

    const comparisons = creditComparisonsOf([
      ...unarmed,
      ...creditSamples(5, 'bluesky', { plugFired: true }, [0.8]),
      ...creditSamples(2, 'mastodon', { plugFired: false }, [0.2]),
    ]);
    const plug = byDimension(comparisons, 'plugFired')!;
    expect(plug).toMatchObject({ leftOut: 12, enough: false, smallestGroup: 2 });
    expect(plug.groups.map((group) => [group.key, group.threads, group.medianCreditReach])).toEqual([
      ['fired', 5, 0.8],
      ['not-fired', 2, 0.2],
    ]);
  });
});

describe('samples from the thread insights /insights reads', () => {
  it("takes each platform of an insight with its credit facts, and an older insight's platforms as not known", () => {
    expect(
      creditSamplesOf({
        platforms: { bluesky: 4, mastodon: 9 },
        credit: { bluesky: platformCredit({ quoted: true }) },
      }),
    ).toEqual([
      { platform: 'bluesky', credit: platformCredit({ quoted: true }) },
      { platform: 'mastodon', credit: null },
    ]);
    expect(creditSamplesOf({ platforms: { reddit: 2 } })).toEqual([{ platform: 'reddit', credit: null }]);
  });

  it('compares only the threads published in the period', () => {
    const insight = (threadId: string, publishedAt: string): ThreadInsight => ({
      threadId,
      title: threadId,
      tone: 'professional',
      hookLength: 40,
      publishedAt,
      engagement: 5,
      platforms: { mastodon: 5 },
      credit: { mastodon: platformCredit() },
    });
    const answer = buildInsights({
      days: 7,
      timeZone: 'UTC',
      now: new Date('2026-03-10T12:00:00Z'),
      dailyGains: new Map(),
      threads: [insight('in', '2026-03-09T10:00:00Z'), insight('before', '2026-02-01T10:00:00Z')],
    });
    expect(answer.creditComparisons.map((entry) => [entry.dimension, entry.platform])).toEqual([
      ['linkPlacement', 'mastodon'],
      ['authorQuoted', null],
    ]);
    expect(answer.creditComparisons[0]!.groups[0]!.threads).toBe(1);
  });
});
