// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededThread } from '#tests/helpers/seed-threads';
import { ScheduleActions } from '#web/features/scheduling/components/schedule-actions';
import { renderRoutes, signedInAuth } from '../test-utils';
import { schedulingApi } from './scheduling-api';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('user-1', 2);
let api: ReturnType<typeof schedulingApi>;

beforeEach(() => {
  api = schedulingApi({
    thread: THREAD,
    queue: { timeZone: 'UTC', slots: [{ day: 'mon', time: '09:00', accounts: { telegram: '-1002' } }] },
    nextSlot: new Date(Date.now() + 86_400_000).toISOString(),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function render(props: Partial<Parameters<typeof ScheduleActions>[0]>) {
  renderRoutes(
    [
      {
        path: '/thread/:threadId',
        element: <ScheduleActions threadId={THREAD.id} platforms={['telegram']} disabled={false} {...props} />,
      },
    ],
    { auth: signedInAuth(), initialEntries: [`/thread/${THREAD.id}`] },
  );
  return userEvent.setup();
}

const bodies = () => api.state.sent.filter((request) => request.method === 'POST').map((request) => request.body);

describe('Schedule and Add to Queue with several accounts of a platform', () => {
  it('sends every account chosen of a platform, so the item posts to each', async () => {
    const user = render({ accounts: { telegram: ['-1001', '-1002'] } });

    await user.click(await screen.findByRole('button', { name: 'Add to Queue' }));

    expect(await screen.findByText('Added to Queue')).toBeTruthy();
    expect(bodies()).toEqual([
      expect.objectContaining({ platforms: ['telegram'], queue: true, accounts: { telegram: ['-1001', '-1002'] } }),
    ]);
  });

  it('lets Add to Queue go without an account chosen (the slot names it) while Schedule waits for one', async () => {
    const user = render({ disabled: true, queueDisabled: false });

    const schedule = (await screen.findByRole('button', { name: 'Schedule' })) as HTMLButtonElement;
    expect(schedule.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add to Queue' }));

    expect(await screen.findByText('Added to Queue')).toBeTruthy();
    expect(bodies()).toEqual([expect.objectContaining({ platforms: ['telegram'], queue: true })]);
    expect(bodies()[0]).not.toHaveProperty('accounts');
  });
});
