import { creditComparisonMessages as messages } from '../messages/insights';
import { linkPlacementLabels } from '../messages/publishing';
import { platformDisplayName } from '../platforms';
import { allowedLinkPlacements, type LinkPlacement } from '../publishing/link-placement';
import { isQuotingPlatform } from '../schemas/author-posts';
import type { CreditComparison, CreditDimension, CreditGroup } from '../schemas/insights';
import type { Platform } from '../schemas/thread';

/**
 * 'What works for your audience': credit reach (and link clicks where reported) of the curator's
 * threads, grouped by how the credit was made, each group with its sample size. Pure: the backend
 * computes it from the thread insights /insights already reads, and the tests call it directly.
 */

/**
 * What one platform's run of a thread did for the credit, kept on the thread's insight each time a
 * reading of that run is rolled up (so it follows the latest reading, and the run as it is then).
 */
export interface PlatformCredit {
  /** Credit reach of the latest reading (attribution ÷ first post engagement); null when not measurable. */
  creditReach: number | null;
  /** Clicks on the source link over the thread's posts at the latest reading; null when the platform reports none. */
  linkClicks: number | null;
  /** Where the run put the link; null for runs stored before placements were kept. */
  linkPlacement: LinkPlacement | null;
  /** Whether the credit quoted the author's own post (a quote the platform refused counts as not quoted). */
  quoted: boolean;
  /** Whether the plug fired: true or false when one was armed on the thread, absent when none was. Filled by the plug. */
  plugFired?: boolean;
}

/** One thread on one platform, as a comparison counts it; `credit` null when its insight predates the facts. */
export interface CreditSample {
  platform: Platform;
  credit: PlatformCredit | null;
}

/**
 * Below five threads a group's median moves with every new thread (one outlier is a fifth of it), so
 * a comparison whose smallest group has fewer is flagged, and the page says so instead of a figure.
 */
export const MINIMUM_PER_GROUP = 5;

/** How one dimension groups the samples; adding a dimension is adding one of these to CREDIT_DIMENSION_RULES. */
interface CreditDimensionRule {
  key: CreditDimension;
  /** Compared within each platform (a placement means something only on its platform), else across all platforms. */
  perPlatform: boolean;
  /** Whether a platform's threads belong in this comparison at all. */
  appliesTo: (platform: Platform) => boolean;
  title: (platform: Platform | null) => string;
  /** Every group the comparison shows, in order, empty ones included. */
  groups: (platform: Platform | null) => ReadonlyArray<{ key: string; label: string }>;
  /** The sample's group; null when its fact is not known (it is left out, and counted as such). */
  groupOf: (credit: PlatformCredit) => string | null;
  /** Shown only when some sample has the fact (the plug: only once some thread had one armed). */
  onlyWithFacts: boolean;
}

/** The dimensions, in the order the page shows them. */
export const CREDIT_DIMENSION_RULES: readonly CreditDimensionRule[] = [
  {
    key: 'linkPlacement',
    perPlatform: true,
    // Reddit has one placement: nothing to compare.
    appliesTo: (platform) => allowedLinkPlacements(platform).length > 1,
    title: (platform) => messages.byLinkPlacement(platform ? platformDisplayName(platform) : ''),
    groups: (platform) =>
      platform
        ? allowedLinkPlacements(platform).map((placement) => ({
            key: placement,
            label: linkPlacementLabels[placement],
          }))
        : [],
    groupOf: (credit) => credit.linkPlacement,
    onlyWithFacts: false,
  },
  {
    key: 'authorQuoted',
    perPlatform: false,
    // Elsewhere the credit cannot quote, so its 'not quoted' says nothing about quoting.
    appliesTo: isQuotingPlatform,
    title: () => messages.byAuthorQuoted,
    groups: () => [
      { key: 'quoted', label: messages.quoted },
      { key: 'not-quoted', label: messages.notQuoted },
    ],
    groupOf: (credit) => (credit.quoted ? 'quoted' : 'not-quoted'),
    onlyWithFacts: false,
  },
  {
    key: 'plugFired',
    perPlatform: false,
    appliesTo: () => true,
    title: () => messages.byPlugFired,
    groups: () => [
      { key: 'fired', label: messages.plugFired },
      { key: 'not-fired', label: messages.plugNotFired },
    ],
    groupOf: (credit) => (credit.plugFired === undefined ? null : credit.plugFired ? 'fired' : 'not-fired'),
    onlyWithFacts: true,
  },
];

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The arithmetic mean; null for none. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const reported = (values: ReadonlyArray<number | null>) => values.filter((value): value is number => value !== null);

function groupFigures(key: string, label: string, members: readonly PlatformCredit[]): CreditGroup {
  const reach = reported(members.map((credit) => credit.creditReach));
  const clicks = reported(members.map((credit) => credit.linkClicks));
  return {
    key,
    label,
    threads: reach.length,
    medianCreditReach: median(reach),
    meanCreditReach: mean(reach),
    linkClicks: { threads: clicks.length, median: median(clicks), mean: mean(clicks) },
  };
}

function compare(
  rule: CreditDimensionRule,
  platform: Platform | null,
  samples: readonly CreditSample[],
  minimum: number,
): { comparison: CreditComparison; known: number } {
  const groups = rule.groups(platform);
  const members = new Map<string, PlatformCredit[]>(groups.map((group) => [group.key, []]));
  let leftOut = 0;
  for (const { credit } of samples) {
    const group = credit ? rule.groupOf(credit) : null;
    const list = group === null ? undefined : members.get(group);
    if (credit && list) list.push(credit);
    else leftOut += 1;
  }
  const figures = groups.map((group) => groupFigures(group.key, group.label, members.get(group.key) ?? []));
  const smallestGroup = figures.length > 0 ? Math.min(...figures.map((group) => group.threads)) : 0;
  return {
    comparison: {
      dimension: rule.key,
      platform,
      title: rule.title(platform),
      minimumPerGroup: minimum,
      smallestGroup,
      enough: figures.length > 1 && smallestGroup >= minimum,
      leftOut,
      groups: figures,
    },
    known: samples.length - leftOut,
  };
}

/**
 * Every comparison the samples allow, dimension by dimension (CREDIT_DIMENSION_RULES' order; a
 * per-platform dimension once per platform with samples, in platform order). A comparison with no
 * sample in its scope is left out, and so is one that waits for its facts (the plug) while none has them.
 */
export function creditComparisonsOf(
  samples: readonly CreditSample[],
  minimum: number = MINIMUM_PER_GROUP,
): CreditComparison[] {
  return CREDIT_DIMENSION_RULES.flatMap((rule) => {
    const inScope = samples.filter((sample) => rule.appliesTo(sample.platform));
    if (inScope.length === 0) return [];
    const scopes: Array<Platform | null> = rule.perPlatform
      ? [...new Set(inScope.map((sample) => sample.platform))].sort()
      : [null];
    return scopes.flatMap((platform) => {
      const ofScope = platform ? inScope.filter((sample) => sample.platform === platform) : inScope;
      const { comparison, known } = compare(rule, platform, ofScope, minimum);
      return rule.onlyWithFacts && known === 0 ? [] : [comparison];
    });
  });
}

/** A thread insight's samples: each platform it has figures or credit facts for, with those facts (null when none kept). */
export function creditSamplesOf(insight: {
  platforms: Partial<Record<Platform, number>>;
  credit?: Partial<Record<Platform, PlatformCredit>>;
}): CreditSample[] {
  const platforms = new Set([...Object.keys(insight.platforms), ...Object.keys(insight.credit ?? {})]) as Set<Platform>;
  return [...platforms].map((platform) => ({ platform, credit: insight.credit?.[platform] ?? null }));
}
