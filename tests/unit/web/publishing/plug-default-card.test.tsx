// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlugDefaultCard } from '#web/features/publishing/components/plug-default-card';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth, testProfile } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let saved: unknown[];

beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      // An account that never chose: the server answers the plug off.
      if (url === '/api/me')
        return Response.json({ ...testProfile(false), plugDefault: { enabled: false, threshold: 50 } });
      if (url === '/api/me/plug-default' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        saved.push(body);
        return Response.json(body);
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the plug default in Account Settings', () => {
  it('starts off, and saves the choice new threads start with', async () => {
    renderRoutes([{ path: '/account-settings', element: <PlugDefaultCard /> }], {
      auth: signedInAuth(),
      initialEntries: ['/account-settings'],
    });
    const plug = (await screen.findByRole('checkbox', {
      name: 'Plug the link when the thread takes off',
    })) as HTMLInputElement;
    expect(plug.checked).toBe(false);
    const threshold = screen.getByLabelText('Likes and reposts of the first post') as HTMLInputElement;
    expect(threshold.disabled).toBe(true);

    await userEvent.click(plug);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toEqual([{ plugDefault: { enabled: true, threshold: 120 } }]));
    expect(await screen.findByText('Plug default saved')).toBeTruthy();
  });
});
