// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededThread } from '#tests/helpers/seed-threads';
import { PostingQueueCard } from '#web/features/scheduling/components/posting-queue-card';
import { renderRoutes, signedInAuth } from '../test-utils';
import { schedulingApi } from './scheduling-api';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let api: ReturnType<typeof schedulingApi>;

beforeEach(() => {
  api = schedulingApi({ thread: seededThread('user-1', 1) });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  return renderRoutes([{ path: '/account-settings', element: <PostingQueueCard /> }], {
    auth: signedInAuth(),
    initialEntries: ['/account-settings'],
  });
}

const puts = () => api.state.sent.filter((request) => request.method === 'PUT');

describe('the posting queue in account settings', () => {
  it("starts from the browser's time zone and no slots, and saves the slots in week order with the chosen zone", async () => {
    const user = userEvent.setup();
    renderCard();
    const zone = (await screen.findByLabelText('Time zone')) as HTMLSelectElement;
    expect(zone.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByText(/No slots yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Slot' }));
    await user.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect((screen.getByLabelText('Slot 1 day') as HTMLSelectElement).value).toBe('mon');
    expect((screen.getByLabelText('Slot 2 day') as HTMLSelectElement).value).toBe('tue');
    await user.selectOptions(screen.getByLabelText('Slot 1 day'), 'fri');
    const time = screen.getByLabelText('Slot 1 time');
    await user.clear(time);
    await user.type(time, '17:30');
    await user.selectOptions(zone, 'Europe/Dublin');
    await user.click(screen.getByRole('button', { name: 'Save Queue' }));

    expect(await screen.findByText('Posting queue saved')).toBeTruthy();
    expect(puts().map((request) => request.body)).toEqual([
      {
        timeZone: 'Europe/Dublin',
        slots: [
          { day: 'tue', time: '09:00' },
          { day: 'fri', time: '17:30' },
        ],
      },
    ]);
    // Choosing among some 400 zones is slow in jsdom on a busy machine.
  }, 15_000);

  it('shows the saved queue, removes a slot, and refuses a slot listed twice without sending it', async () => {
    const user = userEvent.setup();
    api.state.queue = {
      timeZone: 'America/New_York',
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'wed', time: '09:00' },
      ],
    };
    renderCard();
    await waitFor(() =>
      expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('America/New_York'),
    );
    const list = screen.getByRole('list', { name: 'Weekly slots' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Slot 2 day'), 'mon');
    await user.click(screen.getByRole('button', { name: 'Save Queue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Each slot may be listed once');
    expect(puts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove slot 2' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Queue' }));
    await screen.findByText('Posting queue saved');
    expect(api.state.queue).toEqual({ timeZone: 'America/New_York', slots: [{ day: 'mon', time: '09:00' }] });
  });

  it('stops adding at 20 slots a week', async () => {
    const user = userEvent.setup();
    api.state.queue = {
      timeZone: 'UTC',
      slots: Array.from({ length: 19 }, (_, hour) => ({
        day: 'thu' as const,
        time: `${String(hour).padStart(2, '0')}:00`,
      })),
    };
    renderCard();
    const add = await screen.findByRole('button', { name: 'Add Slot' });
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 20 slots per week.')).toBeTruthy();
  });

  it('offers, on a platform with several accounts, which one each slot posts to, and saves the choice with the slot', async () => {
    const user = userEvent.setup();
    const channel = (accountId: string, name: string, isConnected = true) => ({
      platform: 'telegram' as const,
      accountId,
      name,
      isConnected,
      platformUsername: null,
      connectionData: {},
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    api = schedulingApi({
      thread: seededThread('user-1', 1),
      connections: [
        channel('-1001', 'Harbour Notes'),
        channel('-1002', 'Harbour desk'),
        channel('-1003', 'Old desk', false),
        { ...channel('news@social.example', '@news@social.example'), platform: 'mastodon' },
      ],
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    api.state.queue = {
      timeZone: 'UTC',
      slots: [
        { day: 'mon', time: '09:00', accounts: { telegram: '-1001' } },
        { day: 'wed', time: '09:00' },
      ],
    };
    renderCard();

    const first = await screen.findByRole('group', { name: 'Slot 1 Telegram account' });
    const second = screen.getByRole('group', { name: 'Slot 2 Telegram account' });
    // Only Telegram has a choice (Mastodon has one account; a disconnected channel is not offered).
    expect(screen.queryByRole('group', { name: /Mastodon account/ })).toBeNull();
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Chosen with each thread', 'Harbour Notes', 'Harbour desk']);
    expect((within(first).getByRole('radio', { name: 'Harbour Notes' }) as HTMLInputElement).checked).toBe(true);
    expect((within(second).getByRole('radio', { name: 'Chosen with each thread' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.click(within(second).getByRole('radio', { name: 'Harbour desk' }));
    await user.click(within(first).getByRole('radio', { name: 'Chosen with each thread' }));
    await user.click(screen.getByRole('button', { name: 'Save Queue' }));

    await screen.findByText('Posting queue saved');
    expect(puts().map((request) => request.body)).toEqual([
      {
        timeZone: 'UTC',
        slots: [
          { day: 'mon', time: '09:00' },
          { day: 'wed', time: '09:00', accounts: { telegram: '-1002' } },
        ],
      },
    ]);
  });

  it('offers no account choice where each platform has one account', async () => {
    api.state.queue = { timeZone: 'UTC', slots: [{ day: 'mon', time: '09:00' }] };
    renderCard();
    await screen.findByLabelText('Slot 1 day');
    expect(screen.queryByRole('group', { name: /account/ })).toBeNull();
  });

  it('says so when the queue cannot be loaded (an API without the scheduling routes), and offers no form', async () => {
    api.state.routesMissing = true;
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your posting queue. Route not found');
    expect(screen.queryByRole('button', { name: 'Save Queue' })).toBeNull();
  });
});
