// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionsResponse,
  type ConnectionView,
  linkedinIdentityRequestSchema,
} from '#shared/schemas/publishing';
import { renderAccountConnections, stubConnectionsApi } from './account-settings';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const PAGE = { urn: 'urn:li:organization:2414183', name: 'Harbour Press' };
const NOT_ADMINISTERED =
  'LinkedIn does not list you as an administrator of that page, so ThreadSnip cannot post as it. Nothing was changed.';

const linkedin = (connectionData: Record<string, unknown>): ConnectionView => ({
  platform: 'linkedin',
  accountId: 'account-1',
  name: 'Account one',
  isConnected: true,
  platformUsername: 'Dana Curator',
  connectionData: { personUrn: 'urn:li:person:yrZCpj2Z12', ...connectionData },
  updatedAt: '2026-03-01T00:00:00.000Z',
});

let listing: ConnectionsResponse;
let refuse = false;
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  refuse = false;
  stubConnectionsApi(
    () => listing,
    (url, init) => {
      if (url !== '/api/connections/linkedin/identity' || init?.method !== 'PUT') return undefined;
      const body = linkedinIdentityRequestSchema.parse(JSON.parse(String(init.body)));
      sent.push(body);
      if (refuse) {
        return Response.json({ error: NOT_ADMINISTERED, code: 'linkedin_page_not_administered' }, { status: 400 });
      }
      const chosen = body.organizationUrn ? { organizationUrn: PAGE.urn, organizationName: PAGE.name } : {};
      listing.connections = [linkedin({ administeredPages: [PAGE], ...chosen })];
      return Response.json(listing.connections[0]);
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSettings() {
  renderAccountConnections();
  return screen.findByRole('article', { name: 'LinkedIn connection' });
}

describe("LinkedIn's 'Post as' choice in Account Settings", () => {
  it('offers the member and their pages, saves the chosen page with PUT, and the card says who posts', async () => {
    listing = {
      connections: [linkedin({ administeredPages: [PAGE] })],
      enabledPlatforms: ['linkedin'],
      unavailablePlatforms: [],
    };
    const user = userEvent.setup();
    const card = await renderSettings();
    const select = within(card).getByRole('combobox', { name: 'Post as' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Yourself (Dana Curator)', 'Harbour Press']);
    expect(within(card).queryByText(/Posting as/)).toBeNull();

    await user.selectOptions(select, PAGE.urn);

    await waitFor(() => expect(sent).toEqual([{ organizationUrn: PAGE.urn }]));
    expect(await within(card).findByText('Posting as Harbour Press')).toBeTruthy();
    expect(await screen.findByText('LinkedIn Author Saved')).toBeTruthy();
  });

  it("goes back to the member's own profile with null", async () => {
    listing = {
      connections: [linkedin({ administeredPages: [PAGE], organizationUrn: PAGE.urn, organizationName: PAGE.name })],
      enabledPlatforms: ['linkedin'],
      unavailablePlatforms: [],
    };
    const user = userEvent.setup();
    const card = await renderSettings();
    expect(within(card).getByText('Posting as Harbour Press')).toBeTruthy();

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Post as' }), 'Yourself (Dana Curator)');

    await waitFor(() => expect(sent).toEqual([{ organizationUrn: null }]));
    await waitFor(() => expect(within(card).queryByText(/Posting as/)).toBeNull());
  });

  it("shows the server's reason when LinkedIn no longer lists the member as the page's administrator", async () => {
    listing = {
      connections: [linkedin({ administeredPages: [PAGE] })],
      enabledPlatforms: ['linkedin'],
      unavailablePlatforms: [],
    };
    refuse = true;
    const user = userEvent.setup();
    const card = await renderSettings();

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Post as' }), PAGE.urn);

    expect(await screen.findByText(NOT_ADMINISTERED)).toBeTruthy();
    expect(within(card).queryByText(/Posting as/)).toBeNull();
  });

  it('offers no choice when the member administers no page', async () => {
    listing = {
      connections: [linkedin({ administeredPages: [] })],
      enabledPlatforms: ['linkedin'],
      unavailablePlatforms: [],
    };
    const card = await renderSettings();
    expect(within(card).queryByRole('combobox', { name: 'Post as' })).toBeNull();
  });
});
