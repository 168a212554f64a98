// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisplayNameCard } from '#web/features/account/components/display-name-card';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth, testProfile } from './test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url === '/api/me') return Response.json({ ...testProfile(false), displayName: null });
    if (url === '/api/me/display-name' && init?.method === 'PUT') {
      const { displayName } = JSON.parse(String(init.body)) as { displayName: string };
      return Response.json({ displayName });
    }
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saves = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/me/display-name');

describe("Account Settings' Public Profile", () => {
  it('says no name is set, refuses an email before sending anything, and saves a chosen name trimmed', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DisplayNameCard /> }], { auth: signedInAuth() });
    expect(await screen.findByText('Not set: your public threads show no curator name.')).toBeTruthy();
    const input = screen.getByLabelText('Display name');

    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A display name cannot contain a web address or an email address.',
    );
    expect(saves()).toEqual([]);

    await user.clear(input);
    await user.type(input, '  Quay   Notes ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Display name saved')).toBeTruthy();
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toEqual({ displayName: 'Quay Notes' });
    await waitFor(() => expect(screen.queryByText('Not set: your public threads show no curator name.')).toBeNull());
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Quay Notes');
  });
});
