import { describe, expect, it } from 'vitest';
import {
  buildInsights,
  hookLengthBucket,
  type PublishedThread,
  rollupOf,
  type ThreadInsight,
  threadEngagementOf,
  UNREPORTED_NEWEST,
} from '#shared/insights/insights';

const insight = (overrides: Partial<ThreadInsight>): ThreadInsight => ({
  threadId: 't',
  title: 'A thread',
  tone: 'professional',
  hookLength: 60,
  publishedAt: '2025-03-10T12:00:00.000Z',
  engagement: 10,
  platforms: { mastodon: 10 },
  ...overrides,
});

describe('the rollup of one reading', () => {
  it('counts the increase since the previous reading, and the first reading whole', () => {
    expect(rollupOf(undefined, { takenAt: '2025-03-10T13:00:00Z', engagement: 7 })).toEqual({ newer: true, gain: 7 });
    expect(
      rollupOf({ takenAt: '2025-03-10T13:00:00Z', engagement: 7 }, { takenAt: '2025-03-11T12:00:00Z', engagement: 19 }),
    ).toEqual({ newer: true, gain: 12 });
  });

  it('changes nothing for a redelivered or a late older reading, and never counts a drop as negative', () => {
    const latest = { takenAt: '2025-03-11T12:00:00Z', engagement: 19 };
    expect(rollupOf(latest, latest)).toEqual({ newer: false, gain: 0 });
    expect(rollupOf(latest, { takenAt: '2025-03-10T13:00:00Z', engagement: 7 })).toEqual({ newer: false, gain: 0 });
    expect(rollupOf(latest, { takenAt: '2025-03-17T12:00:00Z', engagement: 15 })).toEqual({ newer: true, gain: 0 });
  });

  it('gains add up to the latest total whatever order the readings arrive in', () => {
    const readings = [
      { takenAt: '2025-03-10T13:00:00Z', engagement: 4 },
      { takenAt: '2025-03-17T12:00:00Z', engagement: 30 },
      { takenAt: '2025-03-11T12:00:00Z', engagement: 11 },
    ];
    let latest: { takenAt: string; engagement: number | null } | undefined;
    let gained = 0;
    for (const reading of readings) {
      const { newer, gain } = rollupOf(latest, reading);
      gained += gain;
      if (newer) latest = reading;
    }
    expect(gained).toBe(30);
    expect(latest?.engagement).toBe(30);
  });

  it("sums each platform's latest figure, leaving out platforms that reported none", () => {
    expect(
      threadEngagementOf({
        mastodon: { takenAt: 'a', engagement: 5 },
        bluesky: { takenAt: 'a', engagement: 8 },
        reddit: { takenAt: 'a', engagement: null },
      }),
    ).toBe(13);
    expect(threadEngagementOf({ reddit: { takenAt: 'a', engagement: null } })).toBeNull();
  });
});

describe('hook length buckets', () => {
  it('splits at 80 and 140 characters of the first post', () => {
    expect([1, 80, 81, 140, 141, 900].map((length) => hookLengthBucket(length).key)).toEqual([
      'short',
      'short',
      'medium',
      'medium',
      'long',
      'long',
    ]);
  });
});

describe('the /insights answer', () => {
  const now = new Date('2025-03-12T10:00:00Z');

  it('has every day of the period, zeros where nothing was gained, and totals over the period', () => {
    const answer = buildInsights({
      days: 7,
      timeZone: 'UTC',
      now,
      dailyGains: new Map([
        ['2025-03-12', 5],
        ['2025-03-08', 3],
        ['2025-03-01', 100],
      ]),
      threads: [],
    });
    expect(answer.daily.map((day) => day.engagement)).toEqual([0, 0, 3, 0, 0, 0, 5]);
    expect(answer.daily[0]?.date).toBe('2025-03-06');
    expect(answer.totals).toEqual({ threads: 0, engagement: 8 });
  });

  it('groups the threads published in the period with their sample sizes, in the user zone', () => {
    const threads = [
      insight({
        threadId: 'a',
        engagement: 30,
        platforms: { mastodon: 20, bluesky: 10 },
        hookLength: 150,
        tone: 'casual',
      }),
      insight({ threadId: 'b', engagement: 10, platforms: { mastodon: 10 }, publishedAt: '2025-03-11T23:30:00Z' }),
      insight({ threadId: 'c', engagement: 2, platforms: { bluesky: 2 }, hookLength: 100 }),
      // Published before the period: not counted.
      insight({ threadId: 'old', engagement: 999, publishedAt: '2025-02-01T12:00:00Z' }),
    ];
    const answer = buildInsights({ days: 7, timeZone: 'Europe/Berlin', now, dailyGains: new Map(), threads });
    expect(answer.totals.threads).toBe(3);
    expect(answer.topThreads.map((thread) => thread.threadId)).toEqual(['a', 'b', 'c']);
    expect(answer.comparisons.byPlatform).toEqual([
      { key: 'mastodon', label: 'Mastodon', threads: 2, averageEngagement: 15 },
      { key: 'bluesky', label: 'Bluesky', threads: 2, averageEngagement: 6 },
    ]);
    expect(answer.comparisons.byHookLength.map(({ key, threads }) => [key, threads])).toEqual([
      ['short', 1],
      ['medium', 1],
      ['long', 1],
    ]);
    expect(answer.comparisons.byTone[0]).toMatchObject({ key: 'casual', threads: 1, averageEngagement: 30 });
    // 12:00 UTC is 13:00 in Berlin; 23:30 UTC on the 11th is 00:30 on the 12th there.
    expect(answer.comparisons.byHourOfPublishing).toEqual([
      { key: '00', label: '00:00', threads: 1, averageEngagement: 10 },
      { key: '13', label: '13:00', threads: 2, averageEngagement: 16 },
    ]);
  });
});

describe('the published threads that will have no figures', () => {
  const now = new Date('2025-03-12T10:00:00Z');
  const published = (overrides: Partial<PublishedThread>): PublishedThread => ({
    threadId: 't',
    title: 'A thread',
    platforms: ['telegram'],
    publishedAt: '2025-03-10T12:00:00.000Z',
    hasReadings: false,
    ...overrides,
  });
  const answerFor = (threads: PublishedThread[]) =>
    buildInsights({ days: 7, timeZone: 'UTC', now, dailyGains: new Map(), threads: [], published: threads }).unreported;

  it('names the threads published only where engagement is not reported, newest first, and says why per platform', () => {
    const unreported = answerFor([
      published({ threadId: 'tg', title: 'On Telegram' }),
      published({
        threadId: 'both',
        title: 'On both',
        platforms: ['linkedin', 'telegram'],
        publishedAt: '2025-03-11T09:00:00Z',
      }),
      // Figures will come from Bluesky's readings; the first one is not due yet.
      published({ threadId: 'mixed', platforms: ['telegram', 'bluesky'] }),
      published({ threadId: 'bsky', platforms: ['bluesky'] }),
      // Published before the period.
      published({ threadId: 'old', publishedAt: '2025-02-01T12:00:00Z' }),
    ]);
    expect(unreported).toEqual({
      threads: 2,
      byPlatform: [
        { platform: 'linkedin', threads: 1, note: 'LinkedIn does not report engagement' },
        { platform: 'telegram', threads: 2, note: 'Telegram does not report engagement' },
      ],
      newest: [
        {
          threadId: 'both',
          title: 'On both',
          publishedAt: '2025-03-11T09:00:00Z',
          platforms: [
            { platform: 'linkedin', note: 'LinkedIn does not report engagement' },
            { platform: 'telegram', note: 'Telegram does not report engagement' },
          ],
        },
        {
          threadId: 'tg',
          title: 'On Telegram',
          publishedAt: '2025-03-10T12:00:00.000Z',
          platforms: [{ platform: 'telegram', note: 'Telegram does not report engagement' }],
        },
      ],
    });
  });

  it('leaves out a thread with readings, and is empty for a curator who published nothing', () => {
    expect(answerFor([published({ hasReadings: true })]).threads).toBe(0);
    expect(answerFor([])).toEqual({ threads: 0, byPlatform: [], newest: [] });
  });

  it(`counts every such thread but names only the newest ${UNREPORTED_NEWEST}`, () => {
    const many = Array.from({ length: UNREPORTED_NEWEST + 3 }, (_, index) =>
      published({ threadId: `t${index}`, publishedAt: `2025-03-11T${String(index).padStart(2, '0')}:00:00Z` }),
    );
    const unreported = answerFor(many);
    expect(unreported.threads).toBe(UNREPORTED_NEWEST + 3);
    expect(unreported.byPlatform).toEqual([
      { platform: 'telegram', threads: UNREPORTED_NEWEST + 3, note: 'Telegram does not report engagement' },
    ]);
    expect(unreported.newest.map((thread) => thread.threadId)).toEqual(
      Array.from({ length: UNREPORTED_NEWEST }, (_, index) => `t${UNREPORTED_NEWEST + 2 - index}`),
    );
  });
});
