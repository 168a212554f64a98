// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MastodonConnectForm } from '#web/features/connections/components/mastodon-connect-form';
import { leaveFor } from '#web/lib/leave-for';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));
vi.mock('#web/lib/leave-for', () => ({ leaveFor: vi.fn() }));

const CONSENT_URL = 'https://fosstodon.org/oauth/authorize?client_id=abc';
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(leaveFor).mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url === '/api/connections/mastodon/authorize') return Response.json({ url: CONSENT_URL });
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  return renderRoutes([{ path: '/account-settings', element: <MastodonConnectForm submitLabel="Connect" /> }], {
    auth: signedInAuth(),
    initialEntries: ['/account-settings'],
  });
}

const authorizeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/authorize'));

describe('the Mastodon connect form', () => {
  it('offers the preset servers and Other', () => {
    renderForm();
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Select a server',
      'mastodon.social',
      'mas.to',
      'mstdn.social',
      'mastodon.world',
      'hachyderm.io',
      'pixelfed.social',
      'Other',
    ]);
  });

  it('shows the spec’s messages and sends nothing until the fields are valid', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a server or enter a custom instance');

    await user.selectOptions(screen.getByLabelText('Server'), 'Other');
    await user.type(screen.getByLabelText('Instance'), 'not-a-domain');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please enter a valid Mastodon instance (e.g., mastodon.social)',
    );

    await user.clear(screen.getByLabelText('Instance'));
    await user.type(screen.getByLabelText('Instance'), 'https://Fosstodon.org/');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your username');
    expect(authorizeCalls()).toEqual([]);
  });

  it('starts the flow with the instance, username and this page, then leaves for the consent screen', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Server'), 'Other');
    await user.type(screen.getByLabelText('Instance'), 'https://Fosstodon.org/');
    await user.type(screen.getByLabelText('Username'), '@alice');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(CONSENT_URL));
    const [, init] = authorizeCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      instance: 'fosstodon.org',
      username: 'alice',
      returnPath: expect.stringMatching(/^\//),
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
