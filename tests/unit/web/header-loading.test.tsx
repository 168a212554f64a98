// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { Header } from '#web/app/layout/header';
import { meQueryKey } from '#web/lib/get-me';
import { renderRoutes, signedInAuth, testProfile, testQueryClient } from './test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

// The signed-in part of the header is a lazy chunk; here it arrives only when the test lets it.
let releaseSignedInPart: () => void = () => undefined;
const signedInPartReleased = new Promise<void>((resolve) => {
  releaseSignedInPart = resolve;
});
vi.mock('#web/app/layout/signed-in-header', async (importOriginal) => {
  await signedInPartReleased;
  return importOriginal();
});

afterEach(() => cleanup());

it('keeps the mobile menu open, signed in, while the signed-in part of the header loads in', async () => {
  const profile = testProfile(false);
  const queryClient = testQueryClient();
  queryClient.setQueryData(meQueryKey(profile.userId), profile);
  renderRoutes([{ path: '*', element: <Header /> }], {
    auth: signedInAuth(),
    queryClient,
    initialEntries: ['/history'],
  });

  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  const menu = () => within(screen.getByRole('navigation', { name: 'Mobile' }));
  // Before the chunk: the user is named, and never offered a Sign In they do not need.
  expect(menu().getByText(/Signed in as/).textContent).toBe('Signed in as ada@example.com');
  expect(menu().queryByRole('link', { name: 'Sign In' })).toBeNull();

  releaseSignedInPart();
  // Once it has loaded, the menu is still open and gains the balance and the account entries.
  await waitFor(() => expect(menu().getByRole('link', { name: 'Account Settings' })).toBeTruthy(), { timeout: 5000 });
  expect(menu().getByRole('region', { name: 'Credit balance' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
});
