import { insightMessages } from '../messages/insights';
import { platformDisplayName } from '../platforms';
import { type CreditReach, INTERACTION_METRICS, type PlatformReading, type PostFigures } from '../schemas/insights';
import type { Platform } from '../schemas/thread';

/**
 * Engagement and credit reach, defined once for the backend and the SPA. A figure a platform does
 * not report is absent, never 0, so every sum here is null when nothing was reported.
 */

/** One sentence shown next to the figure. */
export const CREDIT_REACH_EXPLANATION =
  'Credit reach compares the engagement on the post that credits the source with the engagement on the first post: the share of the thread’s audience that got as far as the credit.';

/** A post's engagement: the sum of its reported interaction figures; null when none is reported or the post is gone. */
export function postEngagement(post: PostFigures): number | null {
  if (post.deleted) return null;
  const reported = INTERACTION_METRICS.map((metric) => post.metrics[metric]).filter(
    (value): value is number => value !== undefined,
  );
  return reported.length > 0 ? reported.reduce((sum, value) => sum + value, 0) : null;
}

/** A reading's engagement over its posts; null when no post reported any. */
export function readingEngagement(posts: readonly PostFigures[]): number | null {
  const reported = posts.map(postEngagement).filter((value): value is number => value !== null);
  return reported.length > 0 ? reported.reduce((sum, value) => sum + value, 0) : null;
}

/**
 * Credit reach of one reading: the attribution post (the last) against the first post. Null when
 * the thread is one post on that platform (LinkedIn's single post has no separate credit).
 */
export function creditReachOf(reading: Pick<PlatformReading, 'posts'>): CreditReach | null {
  const byPosition = [...reading.posts].sort((a, b) => a.position - b.position);
  const first = byPosition[0];
  const attribution = byPosition.at(-1);
  if (!first || !attribution || first === attribution) return null;
  const firstPostEngagement = postEngagement(first);
  const attributionEngagement = postEngagement(attribution);
  const share =
    firstPostEngagement !== null && attributionEngagement !== null && firstPostEngagement > 0
      ? attributionEngagement / firstPostEngagement
      : null;
  return {
    share,
    attributionEngagement,
    firstPostEngagement,
    sourceClicks: attribution.deleted ? null : (attribution.metrics.linkClicks ?? null),
  };
}

/**
 * Clicks on the source link over a reading's posts (the first post carries the link too with some
 * placements); null when no post reports them (most platforms give clicks to nobody, or not to us).
 */
export function linkClicksOf(posts: readonly PostFigures[]): number | null {
  const clicks = posts
    .filter((post) => !post.deleted)
    .map((post) => post.metrics.linkClicks)
    .filter((value): value is number => value !== undefined);
  return clicks.length > 0 ? clicks.reduce((sum, value) => sum + value, 0) : null;
}

/**
 * What X bills per post read with GET /2/tweets (pay-per-usage "Posts: Read", $0.005 per resource
 * returned), from https://docs.x.com/x-api/getting-started/pricing; a reading reads every post of the thread.
 */
export const X_POST_READ_COST_USD = 0.005;

/** X bills each read: a platform's posts are read unless it is X and the connection has not turned reads on. */
export function engagementReadsAllowed(platform: string, connectionData: Record<string, unknown>): boolean {
  return platform !== 'twitter' || connectionData.engagementReads === true;
}

/**
 * The platforms whose APIs give no engagement figures to read back (Telegram's Bot API, LinkedIn's
 * Posts API): their adapters have no reader, and their threads say why instead of showing figures.
 */
export const PLATFORMS_NOT_REPORTING: readonly Platform[] = ['telegram', 'linkedin'];

/** Whether a platform reports engagement at all (whatever the connection's state). */
export function platformReportsEngagement(platform: Platform): boolean {
  return !PLATFORMS_NOT_REPORTING.includes(platform);
}

/** Why a platform shows no figures when it reports none: 'Telegram does not report engagement'. */
export function notReportedNote(platform: Platform): string {
  return insightMessages.notReported(platformDisplayName(platform));
}
