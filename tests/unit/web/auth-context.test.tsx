// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSignOut } from '#web/app/layout/use-sign-out';
import { ToastProvider } from '#web/components/ui/toast-provider';
import type { AuthEvent } from '#web/lib/auth';
import { AuthProvider, useAuth } from '#web/lib/auth-context';
import type { LoadedAuth } from '#web/lib/auth-loader';
import { clearReturningUserCookie, isReturningUser } from '#web/lib/returning-user-cookie';
import { testQueryClient } from './test-utils';

afterEach(() => {
  cleanup();
  clearReturningUserCookie();
});

function fakeLoadedAuth(overrides: Partial<LoadedAuth['auth']> = {}) {
  let emit: (event: AuthEvent) => void = () => undefined;
  const auth = {
    getSignedInUser: vi.fn(async () => ({ userId: 'user-1', email: 'ada@example.com' })),
    listenToAuthEvents: vi.fn((listener: (event: AuthEvent) => void) => {
      emit = listener;
      return () => undefined;
    }),
    signOutUser: vi.fn(async () => undefined),
    refreshSessionIfExpiring: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as LoadedAuth['auth'];
  const loaded: LoadedAuth = {
    config: { mode: 'local', apiBaseUrl: '/api', region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
    auth,
  };
  return { load: async () => loaded, auth, emit: (event: AuthEvent) => emit(event) };
}

function Status() {
  const { status, user } = useAuth();
  const signOut = useSignOut();
  return (
    <>
      <output data-testid="status">{`${status}:${user?.email ?? ''}`}</output>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    </>
  );
}

function renderProvider(load: () => Promise<LoadedAuth>) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ToastProvider>
        <AuthProvider load={load}>
          <Status />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  it('reads the session once Amplify has loaded and marks the browser as a returning user', async () => {
    const { load } = fakeLoadedAuth();
    renderProvider(load);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn:ada@example.com'));
    expect(isReturningUser()).toBe(true);
  });

  it('follows Hub sign-out events', async () => {
    const fake = fakeLoadedAuth();
    renderProvider(fake.load);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn:ada@example.com'));
    act(() => fake.emit('signedOut'));
    expect(screen.getByTestId('status').textContent).toBe('signedOut:');
  });

  it('welcomes a user back from Google sign-in', async () => {
    const fake = fakeLoadedAuth();
    renderProvider(fake.load);
    await waitFor(() => expect(fake.auth.listenToAuthEvents).toHaveBeenCalled());
    act(() => fake.emit('googleSignedIn'));
    expect(await screen.findByText('Successfully signed in with Google')).toBeTruthy();
  });

  it('signs out locally and confirms it even when the server call fails', async () => {
    const user = userEvent.setup();
    const fake = fakeLoadedAuth({
      signOutUser: vi.fn(async () => {
        throw new Error('revocation failed');
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider(fake.load);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn:ada@example.com'));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(screen.getByTestId('status').textContent).toBe('signedOut:');
    expect(await screen.findByText("You've been successfully signed out.")).toBeTruthy();
  });

  it('falls back to signed out when the config cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider(async () => {
      throw new Error('Invalid /config.json: userPoolId: required');
    });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedOut:'));
  });
});
