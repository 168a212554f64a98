// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engagementReadsRequestSchema } from '#shared/schemas/insights';
import type { ConnectionsResponse, ConnectionView } from '#shared/schemas/publishing';
import { renderAccountConnections, stubConnectionsApi } from './account-settings';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const connection = (platform: ConnectionView['platform'], extra: Partial<ConnectionView> = {}): ConnectionView => ({
  platform,
  accountId: 'account-1',
  name: 'Account one',
  isConnected: true,
  platformUsername: `@${platform}-user`,
  connectionData: {},
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...extra,
});

let listing: ConnectionsResponse;
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  stubConnectionsApi(
    () => listing,
    (url, init) => {
      if (url !== '/api/connections/twitter/engagement-reads' || init?.method !== 'PUT') return undefined;
      const body = engagementReadsRequestSchema.parse(JSON.parse(String(init.body)));
      sent.push(body);
      const x = listing.connections.find((each) => each.platform === 'twitter')!;
      x.engagementReads = { ...x.engagementReads!, enabled: body.enabled };
      return Response.json(x);
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("X's engagement reads", () => {
  it('are off until turned on, with the cost per read beside the switch, and saved with PUT', async () => {
    listing = {
      connections: [
        connection('twitter', { engagementReads: { enabled: false, costPerPostReadUsd: 0.005 } }),
        connection('telegram'),
      ],
      enabledPlatforms: ['twitter', 'telegram'],
      unavailablePlatforms: [],
    };
    const user = userEvent.setup();
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Twitter/X connection' });
    const toggle = within(card).getByRole('switch', { name: 'Read engagement from X' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(within(card).getByText('X bills every post it reads: $0.005 per post, at each reading.')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Telegram connection' })).queryByRole('switch')).toBeNull();

    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ enabled: true }]));
    expect(await screen.findByText('Engagement reads updated')).toBeTruthy();
    await waitFor(() => expect((within(card).getByRole('switch') as HTMLInputElement).checked).toBe(true));
  });

  it('show no switch when the connection list does not carry it', async () => {
    listing = { connections: [connection('twitter')], enabledPlatforms: ['twitter'], unavailablePlatforms: [] };
    renderAccountConnections();
    const card = await screen.findByRole('article', { name: 'Twitter/X connection' });
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByText(/per post, at each reading/)).toBeNull();
  });
});
