import type { ThreadSummary } from '#shared/schemas/thread';

/** Theme badges shown on a card before the '+N' count. */
export const CARD_THEME_BADGES = 2;

/** Up to two theme badges and how many more there are ('general' when there are none). */
export function cardThemes(themes: readonly string[]): { shown: string[]; more: number } {
  const all = themes.length > 0 ? [...themes] : ['general'];
  return { shown: all.slice(0, CARD_THEME_BADGES), more: Math.max(0, all.length - CARD_THEME_BADGES) };
}

/** The host of the source URL ('' when it does not parse). */
export function sourceHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', '2 days ago'… */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** A card's total engagement read back from the platforms: '1,204 engagements'. */
export function engagementText(total: number): string {
  return `${total.toLocaleString('en-US')} engagement${total === 1 ? '' : 's'}`;
}

/** History filters: theme a case-insensitive substring, tone a case-insensitive exact match. */
export interface ThreadFilters {
  theme: string;
  tone: string;
}

/** Whether a thread passes the history filters (empty filters pass everything). */
export function matchesFilters(thread: Pick<ThreadSummary, 'themes' | 'tone'>, filters: ThreadFilters): boolean {
  const theme = filters.theme.trim().toLowerCase();
  const tone = filters.tone.trim().toLowerCase();
  if (theme && !thread.themes.some((candidate) => candidate.toLowerCase().includes(theme))) return false;
  if (tone && thread.tone.toLowerCase() !== tone) return false;
  return true;
}
