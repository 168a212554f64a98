// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformConnections } from '#web/features/connections/components/platform-connections';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const fetchMock = vi.fn<typeof fetch>();
const connected = {
  platform: 'bluesky',
  accountId: 'account-1',
  name: 'Account one',
  isConnected: true,
  platformUsername: '@ada.bsky.social',
  connectionData: { did: 'did:plc:ada', handle: 'ada.bsky.social' },
  updatedAt: '2026-11-23T10:00:00.000Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API with Bluesky enabled; a POST to /api/connections/bluesky answers `connect()`. */
function answerApi(connect: () => Response) {
  let isConnected = false;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url === '/api/connections') {
      return Response.json({
        connections: isConnected ? [connected] : [],
        enabledPlatforms: ['bluesky'],
        unavailablePlatforms: [],
      });
    }
    if (url === '/api/connections/bluesky' && init?.method === 'POST') {
      const response = connect();
      isConnected = response.ok;
      return response;
    }
    return new Response(null, { status: 404 });
  });
}

const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/connections/bluesky');

describe('the Bluesky connection card', () => {
  it("asks for an app password ('App Password Required') before sending anything, then connects", async () => {
    const user = userEvent.setup();
    answerApi(() => Response.json(connected));
    renderRoutes([{ path: '/', element: <PlatformConnections returnPath="/" /> }], { auth: signedInAuth() });
    const card = await screen.findByRole('article', { name: 'Bluesky connection' });
    expect(within(card).getByText('Post threads to Bluesky with an app password.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await user.type(within(card).getByLabelText('Handle'), '@ada.bsky.social');
    expect(within(card).getByText(/Settings → App Passwords/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('App Password Required')).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.type(within(card).getByLabelText('App password'), 'abcd-efgh-ijkl-mnop');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Bluesky Connected!')).toBeTruthy();
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      handle: '@ada.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
    });
    expect(await screen.findByText('@ada.bsky.social')).toBeTruthy();
  });

  it("shows the server's refusal of a wrong app password", async () => {
    const user = userEvent.setup();
    answerApi(() =>
      Response.json(
        { error: 'Bluesky refused the connection: Invalid identifier or password', code: 'connection_failed' },
        { status: 400 },
      ),
    );
    renderRoutes([{ path: '/', element: <PlatformConnections returnPath="/" /> }], { auth: signedInAuth() });
    const card = await screen.findByRole('article', { name: 'Bluesky connection' });
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await user.type(within(card).getByLabelText('Handle'), 'ada.bsky.social');
    await user.type(within(card).getByLabelText('App password'), 'wrong-pass-word-here');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Bluesky Connection Failed')).toBeTruthy();
    expect(screen.getByText('Bluesky refused the connection: Invalid identifier or password')).toBeTruthy();
  });
});
