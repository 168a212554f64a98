// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_REACH_EXPLANATION } from '#shared/insights/engagement';
import {
  type InsightsResponse,
  REFRESH_INTERVAL_SECONDS,
  type ThreadPerformance,
  threadPerformanceSchema,
} from '#shared/schemas/insights';
import { PerformanceSection } from '#web/features/insights/components/performance-section';
import { InsightsPage } from '#web/features/insights/routes/insights-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

// uPlot (the /insights chart) reads the pixel ratio through matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia = (media: string) =>
    ({ matches: false, media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD_ID = 'thread-1';
const TAKEN = '2026-03-10T12:00:00.000Z';

/** A thread published to Mastodon (read at 1 h and 24 h, its second post since deleted) and Telegram. */
function performance(overrides: Partial<ThreadPerformance> = {}): ThreadPerformance {
  const latest = {
    kind: '24h' as const,
    takenAt: TAKEN,
    posts: [
      { position: 0, remoteId: '1', deleted: false, metrics: { likes: 10, reposts: 4, replies: 2 } },
      { position: 1, remoteId: '2', deleted: true, metrics: {} },
      { position: 2, remoteId: '3', deleted: false, metrics: { likes: 3 } },
    ],
    engagement: 19,
  };
  return threadPerformanceSchema.parse({
    threadId: THREAD_ID,
    platforms: [
      {
        platform: 'mastodon',
        reporting: 'reported',
        note: null,
        latest,
        readings: [{ ...latest, kind: '1h', takenAt: '2026-03-09T13:00:00.000Z', engagement: 6 }, latest],
        creditReach: { share: 0.1875, attributionEngagement: 3, firstPostEngagement: 16, sourceClicks: null },
      },
      {
        platform: 'telegram',
        reporting: 'not_reported',
        note: 'Telegram does not report engagement',
        latest: null,
        readings: [],
        creditReach: null,
      },
    ],
    totalEngagement: 19,
    refreshAllowedAt: null,
    ...overrides,
  });
}

const refuse = (status: number, error: string, code: string) => Response.json({ error, code }, { status });

/** The performance and insights routes as shared/schemas/insights.ts describes them, in memory. */
function insightsApi() {
  const state = {
    performance: performance(),
    insights: null as InsightsResponse | null,
    sent: [] as string[],
    now: () => Date.now(),
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    const method = init?.method ?? 'GET';
    state.sent.push(`${method} ${url}`);
    if (method === 'GET' && url === `/api/threads/${THREAD_ID}/performance`) return Response.json(state.performance);
    if (method === 'POST' && url === `/api/threads/${THREAD_ID}/performance/refresh`) {
      const allowed = state.performance.refreshAllowedAt;
      if (allowed && Date.parse(allowed) > state.now()) {
        return refuse(429, 'Figures can be refreshed once every 10 minutes.', 'rate_limited');
      }
      const latest = state.performance.platforms[0]!.latest!;
      const manual = { ...latest, kind: 'manual' as const, posts: latest.posts.map((post) => ({ ...post })) };
      manual.posts[0]!.metrics = { ...manual.posts[0]!.metrics, likes: 25 };
      manual.engagement = 34;
      state.performance = {
        ...state.performance,
        platforms: [{ ...state.performance.platforms[0]!, latest: manual }, state.performance.platforms[1]!],
        totalEngagement: 34,
        refreshAllowedAt: new Date(state.now() + REFRESH_INTERVAL_SECONDS * 1000).toISOString(),
      };
      return Response.json(state.performance);
    }
    if (method === 'GET' && url.startsWith('/api/insights?days=') && state.insights) {
      return Response.json({ ...state.insights, days: Number(url.split('=')[1]) });
    }
    return refuse(404, 'Not found', 'not_found');
  };
  return { state, fetch };
}

let api: ReturnType<typeof insightsApi>;

beforeEach(() => {
  api = insightsApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  return renderRoutes([{ path: '/thread/:threadId', element: <PerformanceSection threadId={THREAD_ID} /> }], {
    auth: signedInAuth(),
    initialEntries: [`/thread/${THREAD_ID}`],
  });
}

describe('a thread’s Performance section', () => {
  it("shows each platform's latest figures with their time, 'not reported' and 'Deleted', credit reach explained, and Telegram's note", async () => {
    renderSection();
    const mastodon = await screen.findByRole('article', { name: 'Mastodon performance' });
    expect(within(mastodon).getByText(/Read after 24 hours/).textContent).toContain('Mar 10, 2026');
    const rows = within(mastodon)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Post', 'Likes', 'Reposts', 'Replies'],
      ['Post 1', '10', '4', '2'],
      ['Post 2', 'Deleted', 'Deleted', 'Deleted'],
      ['Post 3 (credit)', '3', 'not reported', 'not reported'],
    ]);
    expect(within(mastodon).getByText('Engagement after 1 hour: 6 · Engagement after 24 hours: 19')).toBeTruthy();
    expect(mastodon.querySelector('svg.sparkline polyline')).toBeTruthy();
    expect(within(mastodon).getByText('Credit reach').nextElementSibling?.textContent).toBe('19%');
    expect(within(mastodon).getByText(CREDIT_REACH_EXPLANATION)).toBeTruthy();

    const telegram = screen.getByRole('article', { name: 'Telegram performance' });
    expect(within(telegram).getByText('Telegram does not report engagement')).toBeTruthy();
    expect(within(telegram).queryByRole('table')).toBeNull();
    expect(within(telegram).queryByText('0')).toBeNull();
  });

  it('refreshes now, then stays disabled with the time left; a refusal (429) is shown and the wait reloaded', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Refresh Now' }));

    const mastodon = screen.getByRole('article', { name: 'Mastodon performance' });
    await waitFor(() => expect(within(mastodon).getByText(/Read on request/)).toBeTruthy());
    expect(within(mastodon).getAllByRole('row')[1]!.textContent).toContain('25');
    expect(await screen.findByText('Figures refreshed')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Refresh Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Available again in 10 minutes')).toBeTruthy();
    expect(api.state.sent.filter((sent) => sent.startsWith('POST'))).toHaveLength(1);

    // A page loaded before that refresh still offers the button, and the API says no.
    cleanup();
    const served = api.state.performance;
    api.state.performance = { ...served, refreshAllowedAt: null };
    renderSection();
    const again = await screen.findByRole('button', { name: 'Refresh Now' });
    api.state.performance = served;
    await user.click(again);
    expect(await screen.findByText('Figures can be refreshed once every 10 minutes.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Available again in 10 minutes')).toBeTruthy());
  });

  it('says when figures will appear for a thread not published anywhere yet', async () => {
    api.state.performance = performance({ platforms: [], totalEngagement: null });
    renderSection();
    expect(await screen.findByText('Figures appear here about an hour after the thread is published.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh Now' })).toBeNull();
  });
});

describe('/insights', () => {
  it('says what will appear and when before any thread was read back, and asks for another period on the switch', async () => {
    const user = userEvent.setup();
    api.state.insights = {
      days: 30,
      timeZone: 'UTC',
      daily: [],
      totals: { threads: 0, engagement: 0 },
      topThreads: [],
      comparisons: { byPlatform: [], byTone: [], byHookLength: [], byHourOfPublishing: [] },
      creditComparisons: [],
      unreported: { threads: 0, byPlatform: [], newest: [] },
    };
    renderRoutes([{ path: '/insights', element: <InsightsPage /> }], {
      auth: signedInAuth(),
      initialEntries: ['/insights'],
    });
    expect(await screen.findByRole('heading', { name: 'No figures yet' })).toBeTruthy();
    expect(screen.getByText(/Figures appear about an hour after your first thread is published/)).toBeTruthy();
    expect(api.state.sent).toContain('GET /api/insights?days=30');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(api.state.sent).toContain('GET /api/insights?days=90'));
  });

  it('tells a curator who published only to Telegram and LinkedIn which threads have no figures and why', async () => {
    const telegram = { platform: 'telegram' as const, note: 'Telegram does not report engagement' };
    const linkedin = { platform: 'linkedin' as const, note: 'LinkedIn does not report engagement' };
    api.state.insights = {
      days: 30,
      timeZone: 'UTC',
      daily: [],
      totals: { threads: 0, engagement: 0 },
      topThreads: [],
      comparisons: { byPlatform: [], byTone: [], byHookLength: [], byHourOfPublishing: [] },
      creditComparisons: [],
      unreported: {
        threads: 12,
        byPlatform: [
          { ...linkedin, threads: 1 },
          { ...telegram, threads: 12 },
        ],
        newest: [
          {
            threadId: 'fish',
            title: 'The fish auction',
            publishedAt: '2026-03-11T09:00:00.000Z',
            platforms: [linkedin, telegram],
          },
          {
            threadId: 'dawn',
            title: 'The harbour at dawn',
            publishedAt: '2026-03-10T12:00:00.000Z',
            platforms: [telegram],
          },
        ],
      },
    };
    renderRoutes([{ path: '/insights', element: <InsightsPage /> }], {
      auth: signedInAuth(),
      initialEntries: ['/insights'],
    });

    const section = await screen.findByRole('region', { name: 'Published threads without figures' });
    expect(screen.queryByText(/Figures appear about an hour after your first thread is published/)).toBeNull();
    expect(within(section).getByText(/went only to platforms that report no engagement/)).toBeTruthy();
    expect(within(section).getByText('Telegram does not report engagement: 12 threads')).toBeTruthy();
    expect(within(section).getByText('LinkedIn does not report engagement: 1 thread')).toBeTruthy();
    const fish = within(section).getByRole('link', { name: 'The fish auction' });
    expect(fish.getAttribute('href')).toBe('/thread/fish');
    expect(fish.parentElement?.textContent).toContain(
      'LinkedIn does not report engagement · Telegram does not report engagement',
    );
    expect(within(section).getByRole('link', { name: 'The harbour at dawn' }).parentElement?.textContent).toContain(
      'Mar 10, 2026',
    );
    expect(within(section).getByText('and 10 more')).toBeTruthy();
  });
});
