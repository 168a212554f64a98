// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#web/app/router';
import { adminAccessQueryOptions } from '#web/features/admin/api/get-admin-access';
import { type Me, meQueryKey } from '#web/lib/get-me';
import { fakeAuth, renderRoutes, signedInAuth, testProfile, testQueryClient } from './test-utils';

// Every page is a lazy chunk: its first import is compiled on demand, which takes over a second on a
// busy machine, so finding a page's heading may wait longer than the library's default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom has no layout, so scrolling is recorded instead.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, auth = fakeAuth(), me?: Me) {
  const queryClient = testQueryClient();
  if (me) queryClient.setQueryData(meQueryKey(me.userId), me);
  // The server's verify_admin_access answer for an admin (a non-admin's check fails: no server here).
  if (me?.role === 'admin') queryClient.setQueryData(adminAccessQueryOptions(me.userId).queryKey, { isAdmin: true });
  return renderRoutes(routes, { auth, queryClient, initialEntries: [path] });
}

describe('route table', () => {
  it("shows 'Oops! Page not found' with a link home for unknown paths", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('sends signed-out users from a signed-in page to /auth with redirect', async () => {
    const { router } = renderAt('/thread/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?redirect=%2Fthread%2Fabc');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('lets signed-in users into My Threads', async () => {
    renderAt('/history', signedInAuth(), testProfile(false));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Threads' })).toBeTruthy();
  });

  it('lets signed-in users into /scheduled and sends signed-out ones to sign in first', async () => {
    renderAt('/scheduled', signedInAuth(), testProfile(false));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled' })).toBeTruthy();
    cleanup();

    const { router } = renderAt('/scheduled');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?redirect=%2Fscheduled');
  });

  it('sends non-admins away from the admin portal to /', async () => {
    const { router } = renderAt('/admin/users', signedInAuth(), testProfile(false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets admins into the admin portal', async () => {
    renderAt('/admin/users', signedInAuth(), testProfile(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('forwards /account to /account-settings', async () => {
    const { router } = renderAt('/account', signedInAuth(), testProfile(false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
  });

  it('tells signed-out visitors of /credits to sign in', async () => {
    renderAt('/credits');
    expect(await screen.findByText('Please sign in to access your credits')).toBeTruthy();
  });

  it('scrolls to the top on every route change', async () => {
    const { router } = renderAt('/credits');
    await screen.findByText('Please sign in to access your credits');
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/no/such/page');
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('moves a user who signs out on a signed-in page to /auth', async () => {
    const { router, setAuth } = renderAt('/credits', signedInAuth(), testProfile(false));
    expect(await screen.findByRole('heading', { name: 'Credits' })).toBeTruthy();
    setAuth(fakeAuth());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('leaves a user who signs out on a public page where they are', async () => {
    const { router, setAuth } = renderAt('/create', signedInAuth(), testProfile(false));
    // The create page's chunk may load slowly on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Create Thread' }, { timeout: 5000 })).toBeTruthy();
    setAuth(fakeAuth());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(router.state.location.pathname).toBe('/create');
  });

  it('opens /create from the share target (/share) with the shared fields, marked as a share', async () => {
    const { router } = renderAt(
      '/share?url=https%3A%2F%2Fa.example%2Fx&text=&title=Heat',
      signedInAuth(),
      testProfile(false),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
    expect(await screen.findByRole('heading', { name: 'Create Thread' })).toBeTruthy();
    // The shared url fills in the field; the flow then writes its own state (the input step).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Article URL/i })).toHaveProperty('value', 'https://a.example/x'),
    );
    expect(router.state.location.search).toContain('step=input');
  });
});
