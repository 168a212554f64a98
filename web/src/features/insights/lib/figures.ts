import { platformDisplayName } from '#shared/platforms';
import type { Metric, PlatformPerformance, PlatformReading, ReadingKind } from '#shared/schemas/insights';
import { METRICS } from '#shared/schemas/insights';
import { INSIGHTS_TEXT as texts } from './insights-text';

/** How each figure is named in the Performance table. */
export const METRIC_LABELS: Record<Metric, string> = {
  likes: 'Likes',
  reposts: 'Reposts',
  replies: 'Replies',
  quotes: 'Quotes',
  reactions: 'Reactions',
  comments: 'Comments',
  shares: 'Shares',
  score: 'Score',
  views: 'Views',
  impressions: 'Impressions',
  linkClicks: 'Link clicks',
};

const READING_LABELS: Record<ReadingKind, string> = {
  '1h': 'after 1 hour',
  '24h': 'after 24 hours',
  '7d': 'after 7 days',
  manual: 'on request',
};

const NUMBER = new Intl.NumberFormat('en-US');

/** A figure as shown: '1,204', or 'not reported' when the platform gave none (never 0). */
export function figureText(value: number | null | undefined): string {
  return value === null || value === undefined ? texts.notReported : NUMBER.format(value);
}

/** When a reading was taken, relative to publishing ('after 24 hours') or 'on request' for Refresh Now. */
export function readingLabel(kind: ReadingKind): string {
  return READING_LABELS[kind];
}

/** Credit reach as a percentage ('42%'), or 'not reported' when either post's figures are missing. */
export function creditReachText(share: number | null): string {
  return share === null ? texts.notReported : `${Math.round(share * 100)}%`;
}

/** One post's row of the Performance table: its name and each column's text ('Deleted' for a removed post). */
export interface FigureRow {
  label: string;
  deleted: boolean;
  cells: string[];
}

/** The Performance table of one reading: the figures any post reported, in METRICS order, and a row per post. */
export function figureTable(reading: PlatformReading): { columns: Metric[]; rows: FigureRow[] } {
  const columns = METRICS.filter((metric) => reading.posts.some((post) => post.metrics[metric] !== undefined));
  const last = reading.posts.length - 1;
  const rows = [...reading.posts]
    .sort((a, b) => a.position - b.position)
    .map((post, index) => ({
      label: index === last && last > 0 ? `Post ${post.position + 1} (credit)` : `Post ${post.position + 1}`,
      deleted: post.deleted,
      cells: post.deleted
        ? columns.map(() => texts.deleted)
        : columns.map((metric) => figureText(post.metrics[metric])),
    }));
  return { columns, rows };
}

/** Milliseconds until 'Refresh Now' may be used again (0: now). */
export function refreshWaitMs(refreshAllowedAt: string | null, now: Date): number {
  if (!refreshAllowedAt) return 0;
  return Math.max(0, Date.parse(refreshAllowedAt) - now.getTime());
}

/** The disabled button's hint: 'Available again in 7 minutes' (to the nearest minute, never 0). */
export function refreshWaitText(waitMs: number): string {
  const minutes = Math.max(1, Math.round(waitMs / 60_000));
  return `Available again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A comparison group's sample size as the page states it: 'n = 12 threads'. */
export function sampleSizeText(threads: number): string {
  return `n = ${NUMBER.format(threads)} thread${threads === 1 ? '' : 's'}`;
}

/**
 * Why a platform shows no figures, or null when it reports them: the API's own note ('Telegram
 * does not report engagement'), else ours for X reads turned off or a connection to reconnect.
 */
export function noFiguresText(
  performance: Pick<PlatformPerformance, 'platform' | 'reporting' | 'note'>,
): string | null {
  if (performance.reporting === 'reported') return null;
  if (performance.note) return performance.note;
  if (performance.reporting === 'off') return texts.off;
  if (performance.reporting === 'needs_reconnect') return texts.needsReconnect;
  return `${platformDisplayName(performance.platform)} does not report engagement`;
}

/** Each value's bar length as a share (0–1) of the largest; all zeros when nothing was engaged with. */
export function barShare(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? value / max : 0));
}
