// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toWallClock } from '#shared/time-zone';
import { seededThread } from '#tests/helpers/seed-threads';
import { ThreadPage } from '#web/app/routes/thread-page';
import { renderRoutes, signedInAuth } from '../test-utils';
import { schedulingApi } from './scheduling-api';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('user-1', 3);
const DAY = 86_400_000;
let api: ReturnType<typeof schedulingApi>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  api = schedulingApi({
    thread: THREAD,
    queue: { timeZone: 'Europe/Dublin', slots: [{ day: 'mon', time: '09:00' }] },
    nextSlot: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      api.fetch(input, init, (url) =>
        url.startsWith(`/api/threads/${THREAD.id}?`) ? Response.json(THREAD) : undefined,
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSharing() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/thread/:threadId', element: <ThreadPage /> }], {
    auth: signedInAuth(),
    initialEntries: [`/thread/${THREAD.id}`],
  });
  await user.click(await screen.findByRole('button', { name: 'Share Thread' }));
  await screen.findByRole('checkbox', { name: /Telegram/ });
  return user;
}

const posts = () => api.state.sent.filter((request) => request.method === 'POST');

describe('Schedule and Add to Queue in the sharing panel of /thread/{id}', () => {
  it('schedules the chosen platforms at a time picked in the queue’s zone, and shows it on the thread', async () => {
    const user = await openSharing();
    const schedule = screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement;
    expect(schedule.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Telegram/ }));
    await waitFor(() => expect(schedule.disabled).toBe(false));

    await user.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Publishing' });
    expect(within(dialog).getByText('Time zone: Europe/Dublin')).toBeTruthy();
    const picker = within(dialog).getByLabelText('Date and time') as HTMLInputElement;
    expect(document.activeElement).toBe(picker);

    // A time already gone is refused before anything is sent.
    await user.clear(picker);
    await user.type(picker, toWallClock(new Date(Date.now() - DAY), 'Europe/Dublin'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a time in the future');
    expect(posts()).toEqual([]);

    const wanted = new Date(Date.now() + 2 * DAY);
    wanted.setUTCSeconds(0, 0);
    await user.clear(picker);
    await user.type(picker, toWallClock(wanted, 'Europe/Dublin'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(1);
    const body = posts()[0]!.body as { platforms: string[]; at: string; timeZone: string };
    expect(body.platforms).toEqual(['telegram']);
    expect(body.timeZone).toBe('Europe/Dublin');
    expect(body.at).toMatch(/[+-]0[01]:00$/);
    expect(Date.parse(body.at)).toBe(wanted.getTime());
    expect(await screen.findAllByText(/^Scheduled for /)).not.toHaveLength(0);

    // Back on the thread, its upcoming publish is shown with the platform.
    await user.click(screen.getByRole('button', { name: '← Back to thread' }));
    const notice = await screen.findByRole('region', { name: 'Scheduled publishing' });
    expect(notice.textContent).toContain('Scheduled for ');
    expect(notice.textContent).toContain('Telegram');
    expect(within(notice).getByRole('link', { name: 'Manage scheduled threads' }).getAttribute('href')).toBe(
      '/scheduled',
    );
  });

  it('keeps the picker open with the server’s reason when it refuses the time', async () => {
    const user = await openSharing();
    await user.click(screen.getByRole('checkbox', { name: /Telegram/ }));
    api.state.routesMissing = true;
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Publishing' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Route not found');
  });

  it('adds the thread to the queue’s next free slot, and says why when there is no slot', async () => {
    const user = await openSharing();
    await user.click(screen.getByRole('checkbox', { name: /Telegram/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Queue' }));
    expect(await screen.findByText('Added to Queue')).toBeTruthy();
    expect(posts().map((request) => request.body)).toEqual([{ platforms: ['telegram'], queue: true }]);

    api.state.queue = { timeZone: 'Europe/Dublin', slots: [] };
    await user.click(screen.getByRole('button', { name: 'Add to Queue' }));
    expect(await screen.findByText('Add weekly slots to your posting queue first')).toBeTruthy();
    expect(api.state.items).toHaveLength(1);
  });
});
