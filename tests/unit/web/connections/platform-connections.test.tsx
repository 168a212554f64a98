// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformDisplayName } from '#shared/platforms';
import type { ConnectionsResponse, ConnectionView } from '#shared/schemas/publishing';
import { leaveFor } from '#web/lib/leave-for';
import { renderAccountConnections, stubConnectionsApi } from './account-settings';

vi.mock('#web/lib/leave-for', () => ({ leaveFor: vi.fn() }));
vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let listing: ConnectionsResponse;
let authorizeBody: unknown;
let authorizeAnswer: () => Response;

beforeEach(() => {
  authorizeBody = undefined;
  authorizeAnswer = () =>
    Response.json({ error: 'Reddit is not configured', code: 'platform_not_configured' }, { status: 400 });
  vi.mocked(leaveFor).mockReset();
  stubConnectionsApi(
    () => listing,
    (url, init) => {
      if (url !== '/api/connections/reddit/authorize') return undefined;
      authorizeBody = JSON.parse(String(init?.body));
      return authorizeAnswer();
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** GET /api/connections with one connection, on the only platform enabled. */
const listingOf = (connection: ConnectionView): ConnectionsResponse => ({
  connections: [connection],
  enabledPlatforms: [connection.platform],
  unavailablePlatforms: [],
});

describe('Social Platform Connections', () => {
  it('says so when no platform is available', async () => {
    listing = { connections: [], enabledPlatforms: [], unavailablePlatforms: [] };
    renderAccountConnections();
    expect(await screen.findByText('No platforms are currently available for connection.')).toBeTruthy();
  });

  it('lists enabled platforms in the spec’s order, an unavailable one with its reason instead of Connect', async () => {
    listing = {
      connections: [],
      enabledPlatforms: ['telegram', 'reddit'],
      unavailablePlatforms: [{ platform: 'twitter', reason: 'No X app is configured on this server.' }],
    };
    renderAccountConnections();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Twitter/X connection',
      'Reddit connection',
      'Telegram connection',
    ]);
    expect(within(cards[0]!).getByText(/No X app is configured on this server\./)).toBeTruthy();
    expect(within(cards[0]!).queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(within(cards[1]!).getByText('Permissions required:')).toBeTruthy();
    expect(within(cards[1]!).getByText('Features included:')).toBeTruthy();
  });

  it('starts an OAuth platform’s flow with this page as the return path, and reports a refusal', async () => {
    listing = { connections: [], enabledPlatforms: ['reddit'], unavailablePlatforms: [] };
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Reddit connection' });
    await userEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connection failed')).toBeTruthy();
    expect(screen.getByText('Reddit is not configured')).toBeTruthy();
    expect(authorizeBody).toEqual({ returnPath: '/account-settings' });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('leaves for the platform’s consent screen when the flow starts', async () => {
    authorizeAnswer = () => Response.json({ url: 'https://www.reddit.com/api/v1/authorize?state=s' });
    listing = { connections: [], enabledPlatforms: ['reddit'], unavailablePlatforms: [] };
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Reddit connection' });
    await userEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://www.reddit.com/api/v1/authorize?state=s'));
    expect(within(card).getByRole('button', { name: 'Opening Reddit…' })).toBeTruthy();
  });

  it('shows a connected card’s settings, and Reconnect when its grant was revoked', async () => {
    listing = {
      connections: [
        {
          platform: 'reddit',
          accountId: 'account-1',
          name: 'Account one',
          isConnected: true,
          platformUsername: 'u/ada',
          connectionData: { selectedSubreddit: 'rust', needsReconnect: true },
          updatedAt: '2026-11-23T00:00:00.000Z',
        },
      ],
      enabledPlatforms: ['reddit'],
      unavailablePlatforms: [],
    };
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Reddit connection' });
    expect(within(card).getByText('Selected subreddit: r/rust')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(within(card).getByRole('button', { name: 'Update Connection' })).toBeTruthy();
  });

  it('says a Threads grant renews itself before it ends, asking for nothing until it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const threads = (renewsBefore: string) =>
      listingOf({
        platform: 'threads',
        accountId: 'account-1',
        name: 'Account one',
        isConnected: true,
        platformUsername: '@harbour.dana',
        connectionData: { userId: '7770007', username: 'harbour.dana' },
        updatedAt: '2026-11-23T00:00:00.000Z',
        renewsBefore,
      });
    try {
      // Two days left: a grant that cannot renew itself would ask for the reconnection by now.
      listing = threads('2026-11-25T12:00:00.000Z');
      renderAccountConnections();
      const card = await screen.findByRole('article', { name: 'Threads connection' });
      expect(
        within(card).getByText(
          'Access runs until Nov 25, 2026. ThreadSnip renews it automatically before then, even while you are not posting.',
        ),
      ).toBeTruthy();
      expect(within(card).queryByText(/does not renew/)).toBeNull();
      expect(within(card).queryByRole('button', { name: 'Reconnect' })).toBeNull();
      cleanup();

      listing = threads('2026-11-20T12:00:00.000Z');
      renderAccountConnections();
      const expired = await screen.findByRole('article', { name: 'Threads connection' });
      expect(
        within(expired).getByText('Access expired on Nov 20, 2026. Reconnect Threads to post again.'),
      ).toBeTruthy();
      expect(within(expired).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when a LinkedIn grant ends, and from a week before asks for the reconnection', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const linkedin = (reconnectBy: string) =>
      listingOf({
        platform: 'linkedin',
        accountId: 'account-1',
        name: 'Account one',
        isConnected: true,
        platformUsername: 'Dana Curator',
        connectionData: { personUrn: 'urn:li:person:yrZCpj2Z12' },
        updatedAt: '2026-11-23T00:00:00.000Z',
        reconnectBy,
      });
    try {
      listing = linkedin('2027-01-20T12:00:00.000Z');
      renderAccountConnections();
      const card = await screen.findByRole('article', { name: 'LinkedIn connection' });
      expect(
        within(card).getByText(
          'Access expires on Jan 20, 2027. LinkedIn does not renew it: reconnect before then to keep posting.',
        ),
      ).toBeTruthy();
      expect(within(card).queryByRole('button', { name: 'Reconnect' })).toBeNull();
      cleanup();

      listing = linkedin('2026-11-26T12:00:00.000Z');
      renderAccountConnections();
      const soon = await screen.findByRole('article', { name: 'LinkedIn connection' });
      expect(
        within(soon).getByText('Access expires on Nov 26, 2026. Reconnect LinkedIn now to keep posting.'),
      ).toBeTruthy();
      expect(within(soon).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  const X_BEFORE_PICTURES: ConnectionView = {
    platform: 'twitter',
    accountId: 'account-1',
    name: 'Account one',
    isConnected: true,
    platformUsername: '@harbourcurator',
    connectionData: { userId: '2244994945', username: 'harbourcurator' },
    updatedAt: '2026-11-23T00:00:00.000Z',
    picturesNeedReconnect: true,
  };
  const LINKEDIN_BEFORE_PAGES: ConnectionView = {
    platform: 'linkedin',
    accountId: 'account-1',
    name: 'Account one',
    isConnected: true,
    platformUsername: 'Dana Curator',
    connectionData: { personUrn: 'urn:li:person:yrZCpj2Z12' },
    updatedAt: '2026-11-23T00:00:00.000Z',
    pagesNeedReconnect: true,
  };
  it.each([
    [
      'an X connection made before pictures',
      X_BEFORE_PICTURES,
      'picturesNeedReconnect',
      'Connected before ThreadSnip posted pictures: reconnect Twitter/X to post them. Text posts still work.',
    ],
    [
      'a LinkedIn connection made before the page scopes',
      LINKEDIN_BEFORE_PAGES,
      'pagesNeedReconnect',
      'To post as a page, reconnect LinkedIn so ThreadSnip can see the pages you administer.',
    ],
  ] as const)('asks to reconnect %s, and nothing of one whose grant covers it', async (_case, before, flag, notice) => {
    const name = `${platformDisplayName(before.platform)} connection`;
    listing = listingOf(before);
    renderAccountConnections();
    const card = await screen.findByRole('article', { name });
    expect(within(card).getByText(notice)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    cleanup();

    const { [flag]: _renewed, ...current } = before;
    listing = listingOf(current);
    renderAccountConnections();
    const renewed = await screen.findByRole('article', { name });
    expect(within(renewed).queryByText(notice)).toBeNull();
    expect(within(renewed).queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});
