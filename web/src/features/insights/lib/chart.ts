import type { InsightsResponse } from '#shared/schemas/insights';

type Day = InsightsResponse['daily'][number];

/** One row of the chart's table fallback (and the keyboard readout): the day as shown and its engagement. */
export interface ChartRow {
  date: string;
  label: string;
  engagement: number;
}

// The API's days are calendar dates in the user's zone: format them as dates, never shifted by the browser's zone.
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mon, Mar 9' for the API's '2026-03-09'. */
export function dayLabel(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** The chart's rows, one per day in order, for the table fallback and the readout. */
export function chartRows(daily: readonly Day[]): ChartRow[] {
  return daily.map((day) => ({ date: day.date, label: dayLabel(day.date), engagement: day.engagement }));
}

/** uPlot's aligned data: x in Unix seconds (midnight UTC of each date), y the day's engagement. */
export function chartData(daily: readonly Day[]): [number[], number[]] {
  return [daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000), daily.map((day) => day.engagement)];
}

/** What the readout says for the focused day: 'Mon, Mar 9: 12 engagements'. */
export function readoutText(row: ChartRow): string {
  return `${row.label}: ${row.engagement} engagement${row.engagement === 1 ? '' : 's'}`;
}

/** Where the readout goes on a key press (arrows step, Home/End jump); null for keys the chart ignores. */
export function nextIndex(current: number, key: string, length: number): number | null {
  if (length === 0) return null;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(0, current - 1);
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(length - 1, current + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  return null;
}

/** Whether there is anything to chart yet: no thread read back means the empty state. */
export function hasFigures(insights: InsightsResponse): boolean {
  return insights.totals.threads > 0;
}
