import { describe, expect, it } from 'vitest';
import { cardThemes, matchesFilters, relativeTime, sourceHost } from '#web/features/history/lib/thread-card';

describe('a history card', () => {
  it('shows up to two themes and counts the rest, or general when there are none', () => {
    expect(cardThemes(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(cardThemes([])).toEqual({ shown: ['general'], more: 0 });
  });

  it('shows the source host and a relative creation time', () => {
    expect(sourceHost('https://www.example.com/a/b')).toBe('example.com');
    expect(sourceHost('not a url')).toBe('');
    const now = new Date('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-08T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('the history filters', () => {
  const thread = { themes: ['Climate Policy', 'rail'], tone: 'professional' as const };

  it('match a theme by case-insensitive substring and a tone exactly, ignoring case', () => {
    expect(matchesFilters(thread, { theme: 'CLIMATE', tone: '' })).toBe(true);
    expect(matchesFilters(thread, { theme: 'pol', tone: 'Professional' })).toBe(true);
    expect(matchesFilters(thread, { theme: 'bus', tone: '' })).toBe(false);
    expect(matchesFilters(thread, { theme: '', tone: 'prof' })).toBe(false);
    expect(matchesFilters(thread, { theme: '', tone: '' })).toBe(true);
  });
});
