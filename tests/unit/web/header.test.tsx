// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '#web/app/layout/footer';
import { Header } from '#web/app/layout/header';
import type { AuthContextValue } from '#web/lib/auth-context';
import { isAdminQueryKey } from '#web/lib/get-is-admin';
import { type Me, meQueryKey } from '#web/lib/get-me';
import {
  fakeAuth,
  LOCAL_RUNTIME_CONFIG,
  LocationProbe,
  renderRoutes,
  signedInAuth,
  testProfile,
  testQueryClient,
} from './test-utils';

// The API client takes its token from the lazily loaded Amplify module; tests hand it a fixed one.
vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

/** Answers is_admin with the given status (200: an admin) and counts the calls; /api/me never answers. */
function stubIsAdmin(status: () => number): () => number {
  let calls = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url !== '/api/me/is-admin') return new Promise<Response>(() => undefined);
    calls++;
    const answer = status();
    return answer === 200 ? Response.json({ isAdmin: true }) : Response.json({ error: 'busy' }, { status: answer });
  });
  return () => calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The header with /api/me and, unless `isAdmin` is null (still loading), the is_admin answer cached. */
function renderHeader(auth: AuthContextValue, profile?: Me, isAdmin: boolean | null = profile?.isAdmin ?? null) {
  const queryClient = testQueryClient();
  if (profile) queryClient.setQueryData(meQueryKey(profile.userId), profile);
  if (profile && isAdmin !== null) queryClient.setQueryData(isAdminQueryKey(profile.userId), { isAdmin });
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Header />
            <LocationProbe />
            <Footer />
          </>
        ),
      },
    ],
    { auth, queryClient, initialEntries: ['/history'] },
  );
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));
/** The signed-in part of the header is a lazy chunk: its account menu shows once it has loaded. */
const signedInHeaderLoaded = () =>
  screen.findByRole('button', { name: 'Account menu for ada@example.com' }, { timeout: 5000 });

describe('header', () => {
  it('shows Admin Portal to admins only', async () => {
    renderHeader(signedInAuth(), testProfile(true));
    await signedInHeaderLoaded();
    expect(mainNav().getByRole('link', { name: 'Admin Portal' }).getAttribute('href')).toBe('/admin');
    cleanup();

    renderHeader(signedInAuth(), testProfile(false));
    await signedInHeaderLoaded();
    expect(mainNav().queryByRole('link', { name: 'Admin Portal' })).toBeNull();
    expect(mainNav().getByRole('link', { name: 'My Threads' })).toBeTruthy();
    expect(mainNav().getByRole('link', { name: 'Scheduled' }).getAttribute('href')).toBe('/scheduled');
  });

  it('hides Admin Portal until the admin check has finished', async () => {
    renderHeader(signedInAuth());
    await signedInHeaderLoaded();
    expect(mainNav().queryByRole('link', { name: 'Admin Portal' })).toBeNull();
  });

  it('follows the is_admin check, not the role /api/me reported earlier', async () => {
    renderHeader(signedInAuth(), testProfile(true), false);
    await signedInHeaderLoaded();
    expect(mainNav().queryByRole('link', { name: 'Admin Portal' })).toBeNull();
    cleanup();

    renderHeader(signedInAuth(), testProfile(false), true);
    await signedInHeaderLoaded();
    expect(mainNav().getByRole('link', { name: 'Admin Portal' })).toBeTruthy();
  });

  it('retries a failed is_admin check once, and a check that fails twice counts as non-admin', async () => {
    const answers = [500, 200];
    const isAdminCalls = stubIsAdmin(() => answers.shift() ?? 500);
    renderHeader(signedInAuth({ user: { userId: 'retry-once', email: 'ada@example.com' } }));
    await waitFor(() => expect(mainNav().getByRole('link', { name: 'Admin Portal' })).toBeTruthy(), { timeout: 4000 });
    expect(isAdminCalls()).toBe(2);
    cleanup();

    const failingCalls = stubIsAdmin(() => 503);
    renderHeader(signedInAuth({ user: { userId: 'always-failing', email: 'ada@example.com' } }));
    await waitFor(() => expect(failingCalls()).toBe(2), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(failingCalls()).toBe(2);
    expect(mainNav().queryByRole('link', { name: 'Admin Portal' })).toBeNull();
  });

  it('offers Sign In (and no My Threads or Scheduled) to signed-out visitors', () => {
    renderHeader(fakeAuth());
    expect(mainNav().queryByRole('link', { name: 'My Threads' })).toBeNull();
    expect(mainNav().queryByRole('link', { name: 'Scheduled' })).toBeNull();
    const signIn = screen.getAllByRole('link', { name: 'Sign In' })[0];
    expect(signIn?.getAttribute('href')).toBe('/auth?redirect=%2Fhistory');
  });

  it('opens the user menu with email, credits and account links, and signs out with a toast', async () => {
    const user = userEvent.setup();
    const auth = signedInAuth();
    renderHeader(auth, testProfile(false));
    const trigger = screen.getByRole('button', { name: 'Account menu for ada@example.com' });
    await user.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('user menu panel missing');
    const menu = within(panel);

    expect(menu.getByText('ada@example.com')).toBeTruthy();
    const balance = within(menu.getByRole('region', { name: 'Credit balance' }));
    expect(balance.getByText('9')).toBeTruthy();
    expect(balance.getByText('4')).toBeTruthy();
    expect(balance.getByText('5')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Credits' }).getAttribute('href')).toBe('/credits');
    expect(menu.getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe('/account-settings');

    await user.click(menu.getByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalled();
    expect(await screen.findByText("You've been successfully signed out.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('shows skeletons in the credit panel while the balance loads', async () => {
    // The balance request never answers, so the panel stays in its loading state.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const user = userEvent.setup();
    renderHeader(signedInAuth({ user: { userId: 'no-cache', email: 'ada@example.com' } }));
    await user.click(screen.getByRole('button', { name: 'Account menu for ada@example.com' }));
    expect(screen.getAllByTestId('credit-skeleton')).toHaveLength(3);
  });

  it('has a mobile menu with "Signed in as" that closes after navigation', async () => {
    const user = userEvent.setup();
    renderHeader(signedInAuth(), testProfile(false));
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);

    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByText(/Signed in as/).textContent).toContain('ada@example.com');
    await user.click(mobile.getByRole('link', { name: 'Create Thread' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});

describe('footer', () => {
  it('has product and legal links, About and the current year', () => {
    renderHeader(signedInAuth(), testProfile(false));
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(legal.getByRole('button', { name: 'Privacy settings' })).toBeTruthy();
    const product = within(screen.getByRole('navigation', { name: 'Product' }));
    expect(product.getByRole('link', { name: 'My Threads' })).toBeTruthy();
    expect(product.getByRole('link', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} ThreadSnip`))).toBeTruthy();
  });
});
