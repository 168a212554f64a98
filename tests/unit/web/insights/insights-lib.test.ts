import { describe, expect, it } from 'vitest';
import { insightsResponseSchema, type PlatformReading, platformReadingSchema } from '#shared/schemas/insights';
import { costPerReadText } from '#web/features/connections/lib/engagement-reads';
import { engagementText } from '#web/features/history/lib/thread-card';
import { chartData, chartRows, dayLabel, hasFigures, nextIndex, readoutText } from '#web/features/insights/lib/chart';
import {
  barShare,
  creditReachText,
  figureTable,
  figureText,
  noFiguresText,
  refreshWaitMs,
  refreshWaitText,
  sampleSizeText,
} from '#web/features/insights/lib/figures';
import { sparklinePoints } from '#web/features/insights/lib/sparkline';

const reading = (posts: PlatformReading['posts']): PlatformReading =>
  platformReadingSchema.parse({ kind: '24h', takenAt: '2026-03-10T12:00:00.000Z', posts, engagement: 7 });

describe('figures on the Performance section', () => {
  it("says 'not reported' for a missing figure and never shows it as 0", () => {
    expect(figureText(undefined)).toBe('not reported');
    expect(figureText(null)).toBe('not reported');
    expect(figureText(0)).toBe('0');
    expect(figureText(1204)).toBe('1,204');
  });

  it("makes columns of the figures any post reported, 'not reported' where one post lacks one, 'Deleted' for a removed post", () => {
    const table = figureTable(
      reading([
        { position: 1, remoteId: 'b', deleted: true, metrics: {} },
        { position: 0, remoteId: 'a', deleted: false, metrics: { replies: 2, likes: 5 } },
        { position: 2, remoteId: 'c', deleted: false, metrics: { likes: 1 } },
      ]),
    );
    expect(table.columns).toEqual(['likes', 'replies']);
    expect(table.rows).toEqual([
      { label: 'Post 1', deleted: false, cells: ['5', '2'] },
      { label: 'Post 2', deleted: true, cells: ['Deleted', 'Deleted'] },
      { label: 'Post 3 (credit)', deleted: false, cells: ['1', 'not reported'] },
    ]);
  });

  it('shows credit reach as a percentage, or not reported when it cannot be worked out', () => {
    expect(creditReachText(0.4237)).toBe('42%');
    expect(creditReachText(1.5)).toBe('150%');
    expect(creditReachText(null)).toBe('not reported');
  });

  it("explains a platform without figures in the API's words, else its own", () => {
    expect(
      noFiguresText({ platform: 'telegram', reporting: 'not_reported', note: 'Telegram does not report engagement' }),
    ).toBe('Telegram does not report engagement');
    expect(noFiguresText({ platform: 'linkedin', reporting: 'not_reported', note: null })).toBe(
      'LinkedIn does not report engagement',
    );
    expect(noFiguresText({ platform: 'twitter', reporting: 'off', note: null })).toMatch(/reads from X are off/);
    expect(noFiguresText({ platform: 'mastodon', reporting: 'needs_reconnect', note: null })).toMatch(/Reconnect/);
    expect(noFiguresText({ platform: 'mastodon', reporting: 'reported', note: 'ignored' })).toBeNull();
  });

  it('keeps Refresh Now disabled until the allowed time, saying how long to the nearest minute', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(refreshWaitMs(null, now)).toBe(0);
    expect(refreshWaitMs('2026-03-10T11:59:00.000Z', now)).toBe(0);
    expect(refreshWaitMs('2026-03-10T12:06:30.000Z', now)).toBe(390_000);
    expect(refreshWaitText(390_000)).toBe('Available again in 7 minutes');
    expect(refreshWaitText(601_000)).toBe('Available again in 10 minutes');
    expect(refreshWaitText(1_000)).toBe('Available again in 1 minute');
  });

  it('states each comparison group’s sample size and scales its bar to the largest', () => {
    expect(sampleSizeText(12)).toBe('n = 12 threads');
    expect(sampleSizeText(1)).toBe('n = 1 thread');
    expect(barShare([5, 10, 0])).toEqual([0.5, 1, 0]);
    expect(barShare([0, 0])).toEqual([0, 0]);
  });
});

describe('the sparkline over the readings', () => {
  it('spreads the readings across the width, the smallest at the bottom and the largest at the top', () => {
    expect(sparklinePoints([2, 6, 10], 100, 20, 0)).toEqual([
      { x: 0, y: 20 },
      { x: 50, y: 10 },
      { x: 100, y: 0 },
    ]);
  });

  it('draws equal readings as a level line through the middle and leaves out readings with no figure', () => {
    expect(sparklinePoints([4, 4], 100, 20, 2)).toEqual([
      { x: 2, y: 10 },
      { x: 98, y: 10 },
    ]);
    expect(sparklinePoints([1, null, 3], 100, 20, 0)).toEqual([
      { x: 0, y: 20 },
      { x: 100, y: 0 },
    ]);
    expect(sparklinePoints([null, null], 100, 20)).toEqual([]);
    expect(sparklinePoints([5], 100, 20)).toEqual([{ x: 50, y: 10 }]);
  });
});

describe('the /insights chart', () => {
  const insights = insightsResponseSchema.parse({
    days: 7,
    timeZone: 'Pacific/Auckland',
    daily: [
      { date: '2026-03-08', engagement: 0 },
      { date: '2026-03-09', engagement: 12 },
      { date: '2026-03-10', engagement: 1 },
    ],
    totals: { threads: 2, engagement: 13 },
    topThreads: [],
    comparisons: { byPlatform: [], byTone: [], byHookLength: [], byHourOfPublishing: [] },
    creditComparisons: [],
    unreported: { threads: 0, byPlatform: [], newest: [] },
  });

  it('gives the table fallback one row per day, labelled by its calendar date whatever the browser zone', () => {
    expect(chartRows(insights.daily)).toEqual([
      { date: '2026-03-08', label: 'Sun, Mar 8', engagement: 0 },
      { date: '2026-03-09', label: 'Mon, Mar 9', engagement: 12 },
      { date: '2026-03-10', label: 'Tue, Mar 10', engagement: 1 },
    ]);
    expect(dayLabel('2026-12-31')).toBe('Thu, Dec 31');
  });

  it('plots each day at its midnight (UTC seconds) with its engagement', () => {
    expect(chartData(insights.daily)).toEqual([
      [1772928000, 1773014400, 1773100800],
      [0, 12, 1],
    ]);
  });

  it('moves the keyboard readout by arrow keys and Home/End, within the days, and reads the day out', () => {
    expect(nextIndex(1, 'ArrowLeft', 3)).toBe(0);
    expect(nextIndex(0, 'ArrowLeft', 3)).toBe(0);
    expect(nextIndex(1, 'ArrowRight', 3)).toBe(2);
    expect(nextIndex(2, 'ArrowUp', 3)).toBe(2);
    expect(nextIndex(2, 'Home', 3)).toBe(0);
    expect(nextIndex(0, 'End', 3)).toBe(2);
    expect(nextIndex(0, 'Tab', 3)).toBeNull();
    expect(nextIndex(0, 'ArrowLeft', 0)).toBeNull();
    const rows = chartRows(insights.daily);
    expect(readoutText(rows[1]!)).toBe('Mon, Mar 9: 12 engagements');
    expect(readoutText(rows[2]!)).toBe('Tue, Mar 10: 1 engagement');
  });

  it('shows the empty state only when no thread was read back in the period', () => {
    expect(hasFigures(insights)).toBe(true);
    expect(hasFigures({ ...insights, totals: { threads: 0, engagement: 0 } })).toBe(false);
  });
});

describe('engagement elsewhere', () => {
  it("states X's cost per read in dollars, down to a tenth of a cent", () => {
    expect(costPerReadText(0.005)).toBe('X bills every post it reads: $0.005 per post, at each reading.');
    expect(costPerReadText(0.01)).toBe('X bills every post it reads: $0.01 per post, at each reading.');
  });

  it("shows a My Threads card's total engagement", () => {
    expect(engagementText(1204)).toBe('1,204 engagements');
    expect(engagementText(1)).toBe('1 engagement');
  });
});
