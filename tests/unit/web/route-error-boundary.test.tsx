// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '#web/app/root-layout';
import { renderRoutes } from './test-utils';

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  // React reports the caught error to the console; the boundary logs it too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function BrokenPage(): never {
  throw new Error('chunk failed to load');
}

describe('a page that fails', () => {
  it('shows Something went wrong with Reload inside the layout, and the next page shows normally', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/broken', element: <BrokenPage /> },
            { path: '/about', element: <h1>About ThreadSnip</h1> },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // The header stays usable around the error.
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();

    await router.navigate('/about');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'About ThreadSnip' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
