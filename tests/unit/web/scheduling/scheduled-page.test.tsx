// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledItem } from '#shared/schemas/scheduling';
import type { Thread, ThreadSummary } from '#shared/schemas/thread';
import { fromWallClock, toWallClock } from '#shared/time-zone';
import { seededThread } from '#tests/helpers/seed-threads';
import { HistoryPage } from '#web/app/routes/history-page';
import { ScheduledPage } from '#web/features/scheduling/routes/scheduled-page';
import { renderRoutes, signedInAuth } from '../test-utils';
import { schedulingApi } from './scheduling-api';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const ZONE = 'Australia/Sydney';
const DAY = 86_400_000;
const THREAD = seededThread('user-1', 4);
let api: ReturnType<typeof schedulingApi>;

function item(itemId: string, at: Date, overrides: Partial<ScheduledItem> = {}): ScheduledItem {
  return {
    itemId,
    threadId: THREAD.id,
    threadTitle: `${THREAD.title} (${itemId})`,
    platforms: ['telegram'],
    at: at.toISOString(),
    timeZone: ZONE,
    source: 'time',
    status: 'scheduled',
    firedAt: null,
    outcomes: [],
    ...overrides,
  };
}

/** Noon in Sydney `days` from today there. */
function sydneyNoon(days: number): Date {
  const day = toWallClock(new Date(Date.now() + days * DAY), ZONE).slice(0, 10);
  return new Date(fromWallClock(`${day}T12:00`, ZONE)!);
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  api = schedulingApi({ thread: THREAD, queue: { timeZone: ZONE, slots: [] } });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes([{ path: '/scheduled', element: <ScheduledPage /> }], {
    auth: signedInAuth(),
    initialEntries: ['/scheduled'],
  });
}

describe('/scheduled', () => {
  it('explains the queue when nothing is scheduled', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nothing scheduled yet' })).toBeTruthy();
    expect(screen.getByText(/use Add to Queue to fill the next free one/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set Up Your Queue' }).getAttribute('href')).toBe('/account-settings');
    expect(screen.getByText('Nothing was published from the schedule in the last 30 days.')).toBeTruthy();
  });

  it('says when an upcoming item waits for its thread to be approved', async () => {
    api.state.items.push(
      item('waiting', new Date(Date.now() - 60_000), { waitingForApproval: true }),
      item('ready', sydneyNoon(1)),
    );
    renderPage();
    const waiting = await screen.findByRole('listitem', { name: /\(waiting\) at/ });
    expect(within(waiting).getByText('Waiting for approval')).toBeTruthy();
    const ready = screen.getByRole('listitem', { name: /\(ready\) at/ });
    expect(within(ready).queryByText('Waiting for approval')).toBeNull();
  });

  it("groups upcoming items by day in the user's zone, with title, platforms and time", async () => {
    api.state.items.push(
      item('later', sydneyNoon(3), { platforms: ['telegram', 'bluesky'] }),
      item('soon', sydneyNoon(1)),
      item('same-day', new Date(sydneyNoon(3).getTime() - 3 * 3_600_000), { source: 'queue' }),
    );
    renderPage();
    expect(await screen.findByText(`Times are shown in ${ZONE}.`)).toBeTruthy();
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow' });
    expect(
      within(tomorrow)
        .getAllByRole('listitem')
        .map((row) => row.dataset.itemId),
    ).toEqual(['soon']);
    const third = screen.getByRole('region', {
      name: new Intl.DateTimeFormat(undefined, {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: ZONE,
      }).format(sydneyNoon(3)),
    });
    const rows = within(third).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.itemId)).toEqual(['same-day', 'later']);
    expect(rows[0]!.textContent).toContain('9:00 AM');
    expect(rows[0]!.textContent).toContain('from your queue');
    expect(rows[1]!.textContent).toContain('12:00 PM');
    expect(rows[1]!.textContent).toContain('Telegram, Bluesky');
    expect(
      within(rows[1]!)
        .getByRole('link', { name: `${THREAD.title} (later)` })
        .getAttribute('href'),
    ).toBe(`/thread/${THREAD.id}`);
  });

  it('reschedules with the picker, cancels only after confirming, and publishes now', async () => {
    const user = userEvent.setup();
    api.state.items.push(item('a', sydneyNoon(1)), item('b', sydneyNoon(2)), item('c', sydneyNoon(3)));
    renderPage();
    const row = (id: string) => document.querySelector<HTMLElement>(`li[data-item-id="${id}"]`)!;
    await waitFor(() => expect(row('a')).toBeTruthy());

    await user.click(within(row('a')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    const picker = within(dialog).getByLabelText('Date and time') as HTMLInputElement;
    expect(picker.value).toBe(toWallClock(sydneyNoon(1), ZONE));
    const later = new Date(sydneyNoon(5).getTime() + 30 * 60_000);
    await user.clear(picker);
    await user.type(picker, toWallClock(later, ZONE));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('Rescheduled')).toBeTruthy();
    expect(api.state.items.find((each) => each.itemId === 'a')!.at).toBe(later.toISOString());
    const put = api.state.sent.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/scheduled/a', body: { timeZone: ZONE } });

    await user.click(within(row('b')).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this scheduled publish?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(api.state.sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(row('b')).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this scheduled publish?' })).getByRole('button', {
        name: 'Cancel Publish',
      }),
    );
    expect(await screen.findByText('Scheduled publish cancelled')).toBeTruthy();

    await user.click(within(row('c')).getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText('Publishing now')).toBeTruthy();
    const past = screen.getByRole('list', { name: 'Past scheduled publishes' });
    await waitFor(() => expect(within(past).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(past.textContent).toContain('Cancelled');
    expect(past.textContent).toContain('Posting…');
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect([...upcoming.querySelectorAll('li[data-item-id]')].map((li) => li.getAttribute('data-item-id'))).toEqual([
      'a',
    ]);
  });

  it('shows each fired platform’s outcome: posted with a View link, failed with the reason', async () => {
    api.state.items.push(
      item('fired', new Date(Date.now() - DAY), {
        status: 'fired',
        firedAt: new Date(Date.now() - DAY).toISOString(),
        platforms: ['telegram', 'bluesky'],
        outcomes: [
          { platform: 'telegram', accountId: null, status: 'completed', error: null, postUrl: 'https://t.me/reads/12' },
          {
            platform: 'bluesky',
            accountId: null,
            status: 'failed',
            error: 'Reconnect Bluesky to publish',
            postUrl: null,
          },
        ],
      }),
    );
    renderPage();
    const outcomes = await screen.findByRole('list', { name: `Outcome of ${THREAD.title} (fired)` });
    expect(within(outcomes).getByRole('link', { name: 'View on Telegram' }).getAttribute('href')).toBe(
      'https://t.me/reads/12',
    );
    expect(within(outcomes).getByTestId('outcome-bluesky').textContent).toBe(
      'Failed Bluesky: Reconnect Bluesky to publish',
    );
  });

  it('shows an outcome per account of a platform the item posted to, each named by its account', async () => {
    const outcome = (accountId: string, accountName: string, postUrl: string) => ({
      platform: 'telegram' as const,
      accountId,
      accountName,
      status: 'completed' as const,
      error: null,
      postUrl,
    });
    api.state.items.push(
      item('fired', new Date(Date.now() - DAY), {
        status: 'fired',
        firedAt: new Date(Date.now() - DAY).toISOString(),
        platforms: ['telegram'],
        accounts: { telegram: ['-1001', '-1002'] },
        outcomes: [
          outcome('-1001', 'Harbour Notes', 'https://t.me/harbour/1'),
          outcome('-1002', 'Harbour desk', 'https://t.me/desk/2'),
        ],
      }),
    );
    renderPage();
    const outcomes = await screen.findByRole('list', { name: `Outcome of ${THREAD.title} (fired)` });
    expect(
      within(outcomes)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Posted Telegram · Harbour Notes · View', 'Posted Telegram · Harbour desk · View']);
    expect(within(outcomes).getByRole('link', { name: 'View on Telegram (Harbour desk)' }).getAttribute('href')).toBe(
      'https://t.me/desk/2',
    );
  });

  it('says so when the lists cannot be loaded (an API without the scheduling routes)', async () => {
    api.state.routesMissing = true;
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe('Could not load your scheduled threads. Route not found');
    // Without the queue's zone, times are in the browser's.
    expect(screen.getByText(`Times are shown in ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`)).toBeTruthy();
  });
});

/** A thread as GET /api/threads answers it for its card. */
function summaryOf(thread: Thread, nextScheduled: ThreadSummary['nextScheduled']): ThreadSummary {
  const { id, title, sourceUrl, createdAt, tone, themes, isSensitiveContent } = thread;
  const preview = thread.posts[0]?.content ?? '';
  return {
    id,
    title,
    sourceUrl,
    createdAt,
    tone,
    themes,
    isSensitiveContent,
    posted: false,
    postCount: 3,
    preview,
    nextScheduled,
  };
}

describe("My Threads' cards", () => {
  it("show the thread's next scheduled publish in the user's zone", async () => {
    const scheduled = summaryOf(THREAD, { at: '2027-03-01T22:00:00.000Z', platforms: ['telegram'] });
    const plain = summaryOf(seededThread('user-1', 5), null);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        api.fetch(input, init, (url) => {
          if (url === '/api/threads/newest') return Response.json({ threadId: scheduled.id });
          if (url.startsWith('/api/threads?')) return Response.json({ threads: [scheduled, plain], nextCursor: null });
          return undefined;
        }),
      ),
    );
    renderRoutes([{ path: '/history', element: <HistoryPage /> }], {
      auth: signedInAuth(),
      initialEntries: ['/history'],
    });
    const card = () => document.querySelector<HTMLElement>(`li[data-thread-id="${scheduled.id}"]`)?.textContent;
    // 22:00 UTC on 1 March is 09:00 on 2 March in Sydney (summer time, UTC+11).
    await waitFor(() => expect(card()).toContain('Scheduled for Tue, Mar 2, 2027, 9:00 AM GMT+11'));
    expect(card()).toContain('Telegram');
    const other = document.querySelector<HTMLElement>(`li[data-thread-id="${plain.id}"]`)!;
    expect(other.textContent).not.toContain('Scheduled for');
  });
});
