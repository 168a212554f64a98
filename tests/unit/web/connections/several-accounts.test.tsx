// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionsResponse, ConnectionView } from '#shared/schemas/publishing';
import { renderAccountConnections, stubConnectionsApi } from './account-settings';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

/** One of the workspace's Telegram accounts (a chat the bot posts in). */
const telegramAccount = (chatId: string, name: string): ConnectionView => ({
  platform: 'telegram',
  accountId: chatId,
  name,
  isConnected: true,
  platformUsername: '@snipbot',
  connectionData: { chatId, chatTitle: name },
  updatedAt: '2026-11-23T00:00:00.000Z',
});

let listing: ConnectionsResponse;
let requests: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  listing = {
    connections: [telegramAccount('-1001', 'Curated Reads'), telegramAccount('-1002', 'Harbour Notes')],
    enabledPlatforms: ['telegram'],
    unavailablePlatforms: [],
  };
  stubConnectionsApi(
    () => listing,
    (url, init) => {
      const method = init?.method ?? 'GET';
      requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'PATCH' && url === '/api/connections/telegram/-1002') {
        const { name } = JSON.parse(String(init?.body)) as { name: string };
        listing = {
          ...listing,
          connections: listing.connections.map((account) =>
            account.accountId === '-1002' ? { ...account, name } : account,
          ),
        };
        return Response.json(listing.connections[1]);
      }
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('several accounts of one platform on the Connections page', () => {
  it('shows a card per account, named by its account, and Add another account', async () => {
    renderAccountConnections();

    const first = await screen.findByRole('article', { name: 'Telegram connection: Curated Reads' });
    const second = screen.getByRole('article', { name: 'Telegram connection: Harbour Notes' });

    expect(within(first).getByText('Account name: Curated Reads')).toBeTruthy();
    expect(within(second).getByText('Account name: Harbour Notes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add another account' })).toBeTruthy();
  });

  it('renames one account, refusing a blank name before sending anything', async () => {
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Telegram connection: Harbour Notes' });

    await userEvent.click(within(card).getByRole('button', { name: 'Rename' }));
    const field = within(card).getByRole('textbox', { name: 'Account name' });
    await userEvent.clear(field);
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(within(card).getByRole('alert').textContent).toBe('Give the account a name (up to 80 characters).');
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await userEvent.type(field, 'Harbour desk');
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));

    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
        { url: '/api/connections/telegram/-1002', method: 'PATCH', body: { name: 'Harbour desk' } },
      ]),
    );
    expect(await screen.findByRole('article', { name: 'Telegram connection: Harbour desk' })).toBeTruthy();
  });

  it('disconnects only the account whose Disconnect was confirmed', async () => {
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Telegram connection: Curated Reads' });

    await userEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Disconnect' }));

    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
        '/api/connections/telegram/-1001',
      ]),
    );
  });

  it('names a single account’s card by its platform only, as before', async () => {
    listing = { ...listing, connections: [telegramAccount('-1001', 'Curated Reads')] };
    renderAccountConnections();

    expect(await screen.findByRole('article', { name: 'Telegram connection' })).toBeTruthy();
  });
});
