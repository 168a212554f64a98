// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { ReviewLinkView } from '#shared/schemas/review-link';
import { ReviewLinksPanel } from '#web/features/review/components/review-links-panel';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const texts = workspaceMessages.reviewLink.panel;
const THREAD_ID = 'thread-1';
const URL_MADE = `http://localhost:3000/review/${'B'.repeat(43)}`;
let links: ReviewLinkView[];
let copied: string[];
let created: unknown[];
let connections: ConnectionView[];

const mastodonAccount = (accountId: string, name: string): ConnectionView => ({
  platform: 'mastodon',
  accountId,
  name,
  isConnected: true,
  platformUsername: name,
  connectionData: {},
  updatedAt: '2026-11-28T09:00:00.000Z',
});

const link = (linkId: string, state: ReviewLinkView['state']): ReviewLinkView => ({
  linkId,
  state,
  version: 'a'.repeat(64),
  platforms: ['mastodon'],
  createdAt: '2026-11-28T09:00:00.000Z',
  createdBy: 'ed@example.com',
  expiresAt: '2026-12-05T09:00:00.000Z',
  revokedAt: state === 'revoked' ? '2026-11-28T10:00:00.000Z' : null,
  usedAt: null,
  decision: null,
});

/** The thread's review-link routes in memory. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  const method = init?.method ?? 'GET';
  const base = `/api/threads/${THREAD_ID}/review-links`;
  if (method === 'GET' && url === base) return Response.json({ links });
  if (url === '/api/connections') return Response.json({ connections, enabledPlatforms: [], unavailablePlatforms: [] });
  if (method === 'POST' && url === base) {
    created.push(JSON.parse(String(init?.body)));
    links = [...links, link('new', 'active')];
    return Response.json(
      { linkId: 'new', url: URL_MADE, expiresAt: '2026-12-05T09:00:00.000Z', platforms: ['mastodon'] },
      { status: 201 },
    );
  }
  if (method === 'DELETE' && url.startsWith(`${base}/`)) {
    const id = url.slice(base.length + 1);
    links = links.map((item) => (item.linkId === id ? { ...item, state: 'revoked' } : item));
    return new Response(null, { status: 204 });
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  links = [link('old', 'active')];
  copied = [];
  created = [];
  connections = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: async (text: string) => void copied.push(text) },
    configurable: true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = (canWrite: boolean) =>
  renderRoutes([{ path: '/', element: <ReviewLinksPanel threadId={THREAD_ID} canWrite={canWrite} /> }], {
    auth: signedInAuth(),
  });

const states = () =>
  [...document.querySelectorAll('[data-link-state]')].map((item) => item.getAttribute('data-link-state'));

describe('the review links panel', () => {
  it('lets an editor make a link (its URL copied) and revoke one', async () => {
    renderPanel(true);
    await waitFor(() => expect(states()).toEqual(['active']));
    await userEvent.click(screen.getByRole('button', { name: texts.create }));
    await waitFor(() => expect(states()).toEqual(['active', 'active']));
    expect(copied).toEqual([URL_MADE]);
    // Nothing ticked: the server's default platforms.
    expect(created).toEqual([{}]);
    await userEvent.click(screen.getAllByRole('button', { name: texts.revoke })[0]!);
    await waitFor(() => expect(states()).toEqual(['revoked', 'active']));
    expect(screen.getAllByRole('button', { name: texts.revoke })).toHaveLength(1);
  });

  it('makes a link for the platforms ticked, in the platforms’ order, and lists each link’s platforms', async () => {
    renderPanel(true);
    await waitFor(() => expect(states()).toEqual(['active']));
    expect(screen.getByText(/for Mastodon/)).toBeTruthy();
    await userEvent.click(screen.getByText(texts.platformsLegend, { selector: 'summary' }));
    const choices = screen.getByRole('group', { name: texts.platformsLegend });
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Mastodon' }));
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Twitter/X' }));
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Telegram' }));
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Telegram' }));
    await userEvent.click(screen.getByRole('button', { name: texts.create }));
    await waitFor(() => expect(created).toEqual([{ platforms: ['twitter', 'mastodon'] }]));
  });

  it('offers the accounts of a platform with several, all ticked at first, and sends those chosen', async () => {
    connections = [
      mastodonAccount('101@social.example', '@news@social.example'),
      mastodonAccount('202@harbour.example', 'Harbour desk'),
    ];
    links = [{ ...link('old', 'active'), accounts: { mastodon: ['101@social.example', '202@harbour.example'] } }];
    renderPanel(true);
    expect(await screen.findByText(/for Mastodon \(@news@social\.example, Harbour desk\)/)).toBeTruthy();
    await userEvent.click(screen.getByText(texts.platformsLegend, { selector: 'summary' }));
    const choices = screen.getByRole('group', { name: texts.platformsLegend });
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Mastodon' }));

    const chooser = screen.getByRole('group', { name: 'Choose the Mastodon account' });
    const news = within(chooser).getByRole('checkbox', { name: '@news@social.example' }) as HTMLInputElement;
    const desk = within(chooser).getByRole('checkbox', { name: 'Harbour desk' }) as HTMLInputElement;
    expect([news.checked, desk.checked]).toEqual([true, true]);
    await userEvent.click(news);
    await userEvent.click(desk);
    // None chosen: Create waits for a choice.
    expect((screen.getByRole('button', { name: texts.create }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(desk);
    await userEvent.click(screen.getByRole('button', { name: texts.create }));

    await waitFor(() =>
      expect(created).toEqual([{ platforms: ['mastodon'], accounts: { mastodon: ['202@harbour.example'] } }]),
    );
  });

  it('asks nothing more for a platform with one account, and names no account', async () => {
    connections = [mastodonAccount('101@social.example', '@news@social.example')];
    renderPanel(true);
    await waitFor(() => expect(states()).toEqual(['active']));
    await userEvent.click(screen.getByText(texts.platformsLegend, { selector: 'summary' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: texts.platformsLegend })).getByRole('checkbox', { name: 'Mastodon' }),
    );

    expect(screen.queryByRole('group', { name: 'Choose the Mastodon account' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: texts.create }));
    await waitFor(() => expect(created).toEqual([{ platforms: ['mastodon'] }]));
  });

  it('shows a reviewer the links and their states, with nothing to make or revoke', async () => {
    links = [link('old', 'revoked'), link('other', 'active')];
    renderPanel(false);
    await waitFor(() => expect(states()).toEqual(['revoked', 'active']));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('group', { name: texts.platformsLegend })).toBeNull();
  });
});
