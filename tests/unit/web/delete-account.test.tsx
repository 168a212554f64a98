// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountSettingsPage } from '#web/app/routes/account-settings-page';
import { fakeAuth, LOCAL_RUNTIME_CONFIG, LocationProbe, renderRoutes, signedInAuth, testProfile } from './test-utils';

// The API client takes its token from the lazily loaded Amplify module; tests hand it a fixed one.
vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answerApi(deleteResponse: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/config.json') {
      return Response.json(LOCAL_RUNTIME_CONFIG);
    }
    // The Public Profile card reads the account; only the deletion is the answer under test.
    if (url === '/api/me' && init?.method === 'GET') return Response.json({ ...testProfile(false), displayName: null });
    if (url === '/api/me') return deleteResponse();
    // An admin disabled every platform.
    if (url === '/api/connections')
      return Response.json({ connections: [], enabledPlatforms: [], unavailablePlatforms: [] });
    return new Response(null, { status: 404 });
  });
}

function renderSettings(auth = signedInAuth()) {
  return renderRoutes(
    [
      { path: '/account-settings', element: <AccountSettingsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { auth, initialEntries: ['/account-settings'] },
  );
}

describe('/account-settings', () => {
  it('asks signed-out users to sign in', () => {
    renderSettings(fakeAuth());
    expect(screen.getByRole('heading', { name: 'Sign in required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toMatch(/^\/auth/);
  });

  it('says no platform is available when none is enabled, and shows the Danger Zone', async () => {
    answerApi(() => new Response(null, { status: 204 }));
    renderSettings();
    expect(await screen.findByText('No platforms are currently available for connection.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeTruthy();
  });
});

describe('Delete Account dialog', () => {
  it('enables Delete only when the typed email matches (case-insensitive, trimmed)', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const input = screen.getByLabelText('Type your email address to confirm');
    expect(document.activeElement).toBe(input);
    const deleteButton = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);

    await user.type(input, 'ada@example.co');
    expect(deleteButton.disabled).toBe(true);
    await user.type(input, 'm');
    expect(deleteButton.disabled).toBe(false);

    await user.clear(input);
    await user.type(input, '  ADA@Example.com ');
    expect(deleteButton.disabled).toBe(false);
  });

  it('closes on Esc and returns focus to the Delete Account button', async () => {
    const user = userEvent.setup();
    renderSettings();
    const opener = screen.getByRole('button', { name: 'Delete Account' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('deletes through DELETE /api/me, then toasts, signs out and goes home', async () => {
    const user = userEvent.setup();
    answerApi(() => new Response(null, { status: 204 }));
    const auth = signedInAuth();
    renderSettings(auth);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type your email address to confirm'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Account Deleted')).toBeTruthy();
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    expect(screen.getByTestId('location').textContent).toBe('/');
    const call = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/me' && init?.method !== 'GET');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirmEmail: 'ada@example.com' });
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer id-token');
  });

  it('keeps the user signed in and explains when deletion fails', async () => {
    const user = userEvent.setup();
    answerApi(() => Response.json({ error: 'Internal server error' }, { status: 500 }));
    const auth = signedInAuth();
    renderSettings(auth);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type your email address to confirm'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete account. Please try again or contact support.')).toBeTruthy();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
