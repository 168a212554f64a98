import { describe, expect, it } from 'vitest';
import { plugText } from '#shared/attribution';
import { SCAFFOLDED_LANGUAGES } from '#shared/languages';
import { plugStatusText } from '#shared/messages/publishing';
import {
  isPlugPlatform,
  MAX_PLUG_THRESHOLD,
  PLUG_CHECK_COUNT,
  plugCheckAt,
  plugCheckDelaySeconds,
  plugCount,
  plugFiredForComparison,
  plugReached,
} from '#shared/publishing/plug';
import type { PostFigures } from '#shared/schemas/insights';
import { plugChoiceSchema } from '#shared/schemas/plug';
import { publishRequestSchema } from '#shared/schemas/publishing';
import { scheduleRequestSchema } from '#shared/schemas/scheduling';

const first = (metrics: PostFigures['metrics'], deleted = false): PostFigures => ({
  position: 0,
  remoteId: 'post-1',
  deleted,
  metrics,
});

describe('when the plug is checked', () => {
  it('checks every 15 minutes for 6 hours, then hourly up to 48 hours, and never after', () => {
    const delays = Array.from({ length: PLUG_CHECK_COUNT }, (_, index) => plugCheckDelaySeconds(index)!);

    expect(delays.slice(0, 24)).toEqual(Array.from({ length: 24 }, (_, index) => (index + 1) * 900));
    expect(delays.slice(24)).toEqual(Array.from({ length: 42 }, (_, index) => (7 + index) * 3600));
    expect(PLUG_CHECK_COUNT).toBe(66);
    expect(delays.at(-1)).toBe(48 * 3600);
    expect(plugCheckDelaySeconds(PLUG_CHECK_COUNT)).toBeNull();
    expect(plugCheckDelaySeconds(-1)).toBeNull();
    expect(plugCheckDelaySeconds(1.5)).toBeNull();
  });

  it('times each check from the run’s completion', () => {
    expect(plugCheckAt('2026-11-28T10:00:00.000Z', 0)?.toISOString()).toBe('2026-11-28T10:15:00.000Z');
    expect(plugCheckAt('2026-11-28T10:00:00.000Z', 24)?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(plugCheckAt('2026-11-28T10:00:00.000Z', 65)?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(plugCheckAt('2026-11-28T10:00:00.000Z', 66)).toBeNull();
  });
});

describe('the threshold', () => {
  it('counts the first post’s likes and reposts only, and fires at the threshold itself', () => {
    const figures = first({ likes: 30, reposts: 19, replies: 500, views: 90_000 });

    expect(plugCount(figures)).toBe(49);
    expect(plugReached(figures, 50)).toBe(false);
    expect(plugReached(first({ likes: 30, reposts: 20 }), 50)).toBe(true);
    expect(plugReached(first({ likes: 51 }), 50)).toBe(true);
  });

  it('never fires on a post that is gone or a platform that reported neither figure', () => {
    expect(plugReached(first({ likes: 900 }, true), 1)).toBe(false);
    expect(plugCount(first({ replies: 900 }))).toBeNull();
    expect(plugReached(undefined, 1)).toBe(false);
  });

  it('accepts a whole number from 1 to the maximum, and refuses anything else with a sentence', () => {
    expect(plugChoiceSchema.parse({ enabled: true, threshold: 25 })).toEqual({ enabled: true, threshold: 25 });
    const refusals = [0, -3, 2.5, MAX_PLUG_THRESHOLD + 1, '50'].map(
      (threshold) => plugChoiceSchema.safeParse({ enabled: true, threshold }).error?.issues[0]?.message,
    );
    expect(refusals).toEqual([
      'The plug threshold must be at least 1',
      'The plug threshold must be at least 1',
      'The plug threshold must be a whole number',
      'The plug threshold must be at most 1,000,000',
      'The plug threshold must be a whole number',
    ]);
  });

  it('travels with publish and schedule requests', () => {
    const plug = { enabled: true, threshold: 10 };
    expect(publishRequestSchema.parse({ platforms: ['bluesky'], plug }).plug).toEqual(plug);
    expect(scheduleRequestSchema.parse({ platforms: ['bluesky'], queue: true, plug }).plug).toEqual(plug);
    expect(
      publishRequestSchema.safeParse({ platforms: ['bluesky'], plug: { enabled: true, threshold: 0 } }).success,
    ).toBe(false);
  });

  it('is armed only where the first post is read back and can be replied to', () => {
    expect(['twitter', 'bluesky', 'mastodon', 'threads'].every((platform) => isPlugPlatform(platform as never))).toBe(
      true,
    );
    expect(
      ['telegram', 'linkedin', 'reddit', 'discord', 'facebook'].some((platform) => isPlugPlatform(platform as never)),
    ).toBe(false);
  });
});

describe('the plug as /insights compares credit reach by it', () => {
  it('counts a fired plug as fired and an expired one as not, for the run it watched only', () => {
    expect(plugFiredForComparison({ runId: 'run-1', state: 'fired' }, 'run-1')).toBe(true);
    expect(plugFiredForComparison({ runId: 'run-1', state: 'expired' }, 'run-1')).toBe(false);
    expect(plugFiredForComparison({ runId: 'run-1', state: 'fired' }, 'run-2')).toBeUndefined();
    expect(plugFiredForComparison(null, 'run-1')).toBeUndefined();
  });

  it('leaves out a plug still watched or cancelled: neither has an outcome yet', () => {
    for (const state of ['armed', 'firing', 'cancelled'] as const) {
      expect(plugFiredForComparison({ runId: 'run-1', state }, 'run-1')).toBeUndefined();
    }
  });
});

describe('the plug’s line', () => {
  const url = 'https://news.example.com/harbour-report';

  it('names the author and links the article, in the thread’s language', () => {
    expect(plugText('en', 'Ada Lovelace', url)).toBe(`The full story, by Ada Lovelace: ${url}`);
    expect(plugText('es', 'Ada Lovelace', url)).toBe(`La historia completa, por Ada Lovelace: ${url}`);
    expect(plugText('fr', 'Ada Lovelace', url)).toBe(`L’article complet, par Ada Lovelace : ${url}`);
  });

  it('has a line for every language the writer has a voice for, and English for any other', () => {
    const lines = SCAFFOLDED_LANGUAGES.map((language) => plugText(language, 'Ada', url));
    expect(new Set(lines).size).toBe(SCAFFOLDED_LANGUAGES.length);
    for (const line of lines) expect(line).toContain('Ada');
    expect(plugText('fi', 'Ada', url)).toBe(plugText('en', 'Ada', url));
    expect(plugText(null, 'Ada', url)).toBe(plugText('en', 'Ada', url));
  });

  it('names no one when the article had no byline', () => {
    expect(plugText('en', null, url)).toBe(`The full story: ${url}`);
    expect(plugText('de', '  ', url)).toBe(`Der ganze Artikel: ${url}`);
  });
});

describe('the plug on the thread page', () => {
  it('says what the plug is waiting for, and how it ended', () => {
    expect(plugStatusText({ state: 'armed', threshold: 1500 })).toBe('Plug armed (1,500 likes or reposts within 48 h)');
    expect(plugStatusText({ state: 'fired', threshold: 50 })).toBe('Plug fired');
    expect(plugStatusText({ state: 'expired', threshold: 50 })).toBe(
      'Plug expired (under 50 likes or reposts in 48 h)',
    );
    expect(plugStatusText({ state: 'cancelled', threshold: 50 })).toBe('Plug cancelled');
  });
});
