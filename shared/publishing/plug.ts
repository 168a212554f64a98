import type { PostFigures } from '../schemas/insights';
import type { Platform } from '../schemas/thread';

/**
 * The plug: when a thread's first post passes the curator's threshold of likes and reposts within
 * 48 hours of the run completing, one reply to it brings the source link back. Pure rules, shared by
 * the checks (functions/services/insights/plug.ts), the share step and the thread page.
 */

/** The largest threshold a curator may set: far above any first post's likes and reposts, still a number a person types. */
export const MAX_PLUG_THRESHOLD = 1_000_000;
/** What the share step offers before the curator chooses. */
export const DEFAULT_PLUG_THRESHOLD = 50;

/** How long after the run completed a plug may still fire. */
export const PLUG_WINDOW_HOURS = 48;
/** A first post usually takes off early: it is looked at every 15 minutes for 6 hours, then hourly. */
const DENSE_CHECK_MINUTES = 15;
const DENSE_CHECK_HOURS = 6;
const DENSE_CHECKS = (DENSE_CHECK_HOURS * 60) / DENSE_CHECK_MINUTES;
/** Every check of one plug: 24 quarter-hours, then hourly from hour 7 to hour 48. */
export const PLUG_CHECK_COUNT = DENSE_CHECKS + (PLUG_WINDOW_HOURS - DENSE_CHECK_HOURS);

/**
 * Platforms a plug can be armed on: their adapter reads a post's likes and reposts back and replies
 * under the first post. Telegram and LinkedIn report no figures; Reddit's one self-post, Discord's
 * channel messages and Facebook Page comments are not a thread a reader follows down.
 */
export const PLUG_PLATFORMS = ['twitter', 'bluesky', 'mastodon', 'threads'] as const satisfies readonly Platform[];

export function isPlugPlatform(platform: Platform): boolean {
  return (PLUG_PLATFORMS as readonly Platform[]).includes(platform);
}

/** What a plug record goes through: armed until it fires, expires or is cancelled; `firing` while one check replies. */
export const PLUG_STATES = ['armed', 'firing', 'fired', 'expired', 'cancelled'] as const;
export type PlugState = (typeof PLUG_STATES)[number];

/** The thread's or the account's plug choice. */
export interface PlugChoice {
  enabled: boolean;
  threshold: number;
}

/** The plug's choice for a new thread when the account has none of its own. */
export const PLUG_OFF: PlugChoice = { enabled: false, threshold: DEFAULT_PLUG_THRESHOLD };

/**
 * Seconds after the run completed at which check `index` (0-based) runs: every 15 minutes up to
 * 6 hours, then every hour up to 48 hours; null past the last check.
 */
export function plugCheckDelaySeconds(index: number): number | null {
  if (!Number.isInteger(index) || index < 0 || index >= PLUG_CHECK_COUNT) return null;
  if (index < DENSE_CHECKS) return (index + 1) * DENSE_CHECK_MINUTES * 60;
  return (DENSE_CHECK_HOURS + (index - DENSE_CHECKS + 1)) * 3600;
}

/** When check `index` of a run completed at `completedAt` runs; null past the last check. */
export function plugCheckAt(completedAt: string, index: number): Date | null {
  const delay = plugCheckDelaySeconds(index);
  return delay === null ? null : new Date(Date.parse(completedAt) + delay * 1000);
}

/** The first post's likes and reposts, as the plug counts them; null when the platform reported neither or the post is gone. */
export function plugCount(firstPost: PostFigures | undefined): number | null {
  if (!firstPost || firstPost.deleted) return null;
  const { likes, reposts } = firstPost.metrics;
  if (likes === undefined && reposts === undefined) return null;
  return (likes ?? 0) + (reposts ?? 0);
}

/** Whether the first post has reached the threshold ("passes N": N itself counts). */
export function plugReached(firstPost: PostFigures | undefined, threshold: number): boolean {
  const count = plugCount(firstPost);
  return count !== null && count >= threshold;
}

/**
 * Whether a run's plug fired, as /insights compares credit reach by it: true once fired, false once it
 * expired without firing; undefined while it is still watched (a later reading settles it), when it
 * was cancelled, or when none was armed for this run (`plug` is the thread's latest on the platform).
 */
export function plugFiredForComparison(
  plug: { runId: string; state: PlugState } | null,
  runId: string,
): boolean | undefined {
  if (plug?.runId !== runId) return undefined;
  if (plug.state === 'fired') return true;
  return plug.state === 'expired' ? false : undefined;
}
