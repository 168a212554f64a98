// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorPostMessages } from '#shared/messages/author-posts';
import type { AuthorPost } from '#shared/publishing/author-post';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { Platform, Thread } from '#shared/schemas/thread';
import { seededThread } from '#tests/helpers/seed-threads';
import { PlatformSharingPanel } from '#web/features/publishing/components/platform-sharing-panel';
import type { ShareSelection } from '#web/features/publishing/components/share-step';
import { postingErrorToast } from '#web/features/publishing/lib/posting-error';
import { ApiError } from '#web/lib/api-client';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const connection = (
  platform: Platform,
  connectionData: Record<string, unknown> = {},
  platformUsername = `@${platform}-user`,
): ConnectionView => ({
  platform,
  accountId: 'account-1',
  name: 'Account one',
  isConnected: true,
  platformUsername,
  connectionData,
  updatedAt: '2026-11-23T00:00:00.000Z',
});

const subreddit = (name: string, subscribers: number, role: 'moderator' | 'contributor' | 'reader' = 'moderator') => ({
  name,
  title: `${name} title`,
  subscribers,
  userIsModerator: role === 'moderator',
  userIsContributor: role === 'contributor',
});

const fetchMock = vi.fn<typeof fetch>();
let connections: ConnectionView[];
let enabledPlatforms: Platform[];
const requests: { url: string; method: string; body: unknown }[] = [];
let failTargets: boolean;
/** The saved thread the panel reads (GET /api/threads/thread-1), or none (404). */
let savedThread: Thread | null;
/** What GET /api/threads/thread-1/author-posts answers: the author's posts the credit can quote. */
let authorPosts: { platform: Platform; post: AuthorPost | null; unsearched?: 'paid_reads_off' }[];

beforeEach(() => {
  requests.length = 0;
  failTargets = false;
  savedThread = null;
  authorPosts = [];
  enabledPlatforms = ['twitter', 'discord', 'reddit', 'telegram'];
  connections = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url === '/api/connections') return Response.json({ connections, enabledPlatforms, unavailablePlatforms: [] });
    const target = /^\/api\/connections\/(\w+)\/target$/.exec(url);
    if (target && method === 'PUT' && failTargets) {
      return Response.json(
        { error: 'That choice is not in your connection.', code: 'target_not_found' },
        { status: 400 },
      );
    }
    if (target && method === 'PUT') {
      const { targetId } = JSON.parse(String(init?.body));
      const field = { discord: 'selectedChannelId', reddit: 'selectedSubreddit', facebook: 'selectedPageId' }[
        target[1]!
      ];
      const patch = { [field ?? 'unknown']: targetId };
      connections = connections.map((item) =>
        item.platform === target[1] ? { ...item, connectionData: { ...item.connectionData, ...patch } } : item,
      );
      return Response.json(connections.find((item) => item.platform === target[1]));
    }
    if (url === '/api/threads/thread-1/publish') {
      return Response.json(
        {
          threadId: 'thread-1',
          platforms: [
            {
              platform: 'telegram',
              status: 'completed',
              error: null,
              postUrl: null,
              postsMade: 1,
              postsTotal: 1,
              completedAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        },
        { status: 202 },
      );
    }
    if (url.startsWith('/api/threads/thread-1/author-posts?')) return Response.json({ posts: authorPosts });
    if (url === '/api/threads/thread-1/publishing') return Response.json({ threadId: 'thread-1', platforms: [] });
    if (url === '/api/threads/thread-1?purpose=detail' && savedThread) return Response.json(savedThread);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(moreActions?: (selection: ShareSelection) => ReactNode) {
  return renderRoutes(
    [{ path: '/thread/:threadId', element: <PlatformSharingPanel threadId="thread-1" moreActions={moreActions} /> }],
    { auth: signedInAuth(), initialEntries: ['/thread/thread-1'] },
  );
}

const shareButton = () => screen.getByRole('button', { name: /^Share to \d+ platforms?$/ });

describe('the platform sharing panel: when Share is enabled', () => {
  it('lists connected accounts with username badges, and enables Share once a platform is chosen', async () => {
    connections = [connection('telegram', { chatId: '-1' }, '@snipbot')];
    renderPanel();
    const box = await screen.findByRole('checkbox', { name: /Telegram/ });
    expect(within(box.closest('label')!).getByText('@snipbot')).toBeTruthy();
    expect(shareButton().textContent).toBe('Share to 0 platforms');
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(box);
    expect(shareButton().textContent).toBe('Share to 1 platform');
    expect((shareButton() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect((box as HTMLInputElement).checked).toBe(false);
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps Share disabled for Discord until a channel is chosen, then saves the choice', async () => {
    connections = [
      connection('discord', {
        channels: [{ guild: { id: 'g1', name: 'Readers' }, channels: [{ id: 'c1', name: 'news' }] }],
      }),
    ];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Discord channel'), 'c1');
    expect(await screen.findByText('Channel Selected')).toBeTruthy();
    await waitFor(() => expect((shareButton() as HTMLButtonElement).disabled).toBe(false));
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/connections/discord/target',
      body: { targetId: 'c1' },
    });
  });

  it('keeps Share disabled for Facebook with several Pages until one is chosen, then saves the choice', async () => {
    enabledPlatforms = ['facebook'];
    const pages = [
      { id: 'p1', name: 'Harbour Gazette' },
      { id: 'p2', name: 'Quay Notes' },
    ];
    connections = [connection('facebook', { pages }, 'Dana Curator')];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Facebook/ }));
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Facebook Page'), 'p2');
    expect(await screen.findByText('Page Selected')).toBeTruthy();
    await waitFor(() => expect((shareButton() as HTMLButtonElement).disabled).toBe(false));
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/connections/facebook/target',
      body: { targetId: 'p2' },
    });
  });

  it('says so when the channel choice cannot be saved, and keeps Share disabled', async () => {
    connections = [
      connection('discord', {
        channels: [{ guild: { id: 'g1', name: 'Readers' }, channels: [{ id: 'gone', name: 'old' }] }],
      }),
    ];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    failTargets = true;
    await userEvent.selectOptions(screen.getByLabelText('Discord channel'), 'gone');
    expect(await screen.findByText('Failed to save channel selection')).toBeTruthy();
    expect((screen.getByLabelText('Discord channel') as HTMLSelectElement).value).toBe('');
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps Share disabled for Reddit until a subreddit is chosen', async () => {
    connections = [connection('reddit', { subreddits: [subreddit('rust', 1_250)] })];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Reddit/ }));
    expect((shareButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /r\/rust/ }));
    expect(await screen.findByText('Subreddit Selected')).toBeTruthy();
    await waitFor(() => expect((shareButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it('shares through the panel origin and shows the Posting Results', async () => {
    connections = [connection('telegram', { chatId: '-1' })];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Telegram/ }));
    await userEvent.click(shareButton());
    expect(await screen.findByText('Posting Results')).toBeTruthy();
    expect(screen.getByTestId('publish-row-telegram').textContent).toContain('Successfully posted!');
    expect(await screen.findByText('Posts Successful')).toBeTruthy();
    expect(requests.find((request) => request.url.endsWith('/publish'))?.body).toEqual({
      platforms: ['telegram'],
      origin: 'panel',
    });
  });

  it("shows each chosen platform's link placement, the thread's saved choice first, and sends only the one changed", async () => {
    connections = [connection('twitter'), connection('telegram', { chatId: '-1' })];
    savedThread = seededThread('user-1', 1, { id: 'thread-1', linkPlacements: { telegram: 'first-post-and-credit' } });
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Telegram/ }));

    const x = (await screen.findByLabelText('Twitter/X link placement')) as HTMLSelectElement;
    const telegram = screen.getByLabelText('Telegram link placement') as HTMLSelectElement;
    expect(x.value).toBe('credit-post');
    expect(telegram.value).toBe('first-post-and-credit');
    expect(screen.getByText(/\$0\.200/)).toBeTruthy();
    await userEvent.selectOptions(x, 'Link on the first post and in the credit post');
    await userEvent.click(shareButton());

    await waitFor(() =>
      expect(requests.find((request) => request.url.endsWith('/publish'))?.body).toEqual({
        platforms: ['twitter', 'telegram'],
        origin: 'panel',
        linkPlacements: { twitter: 'first-post-and-credit' },
      }),
    );
  });

  it('offers Reconnect instead of a checkbox for a connection that needs it', async () => {
    connections = [connection('twitter', { needsReconnect: true })];
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Twitter/ })).toBeNull();
  });

  it('asks to reconnect LinkedIn, once chosen, when its connection predates the page scopes', async () => {
    enabledPlatforms = ['linkedin'];
    connections = [{ ...connection('linkedin', { personUrn: 'urn:li:person:1' }, 'Dana'), pagesNeedReconnect: true }];
    renderPanel();
    const linkedin = await screen.findByRole('checkbox', { name: /LinkedIn/ });
    const notice = 'To post as a page, reconnect LinkedIn so ThreadSnip can see the pages you administer.';
    expect(screen.queryByText(notice)).toBeNull();

    await userEvent.click(linkedin);

    expect(screen.getByText(notice)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    // The member's own profile still posts: the panel still shares to it.
    expect(shareButton()).toHaveProperty('disabled', false);
  });

  it('says when every available platform is connected, and otherwise offers their setup', async () => {
    enabledPlatforms = ['telegram'];
    connections = [connection('telegram')];
    const first = renderPanel();
    expect(await screen.findByText('All available platforms are already connected!')).toBeTruthy();
    first.unmount();

    enabledPlatforms = ['telegram', 'reddit'];
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect More Platforms' }));
    expect(screen.getByRole('article', { name: 'Reddit connection' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Platform Setup' }));
    expect(screen.queryByRole('article', { name: 'Reddit connection' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Manual Sharing' }).getAttribute('href')).toBe(
      '/thread/thread-1/manual-share',
    );
  });
});

describe("the platform sharing panel quoting the author's own post", () => {
  const AUTHOR_POST: AuthorPost = {
    id: '113500000000000001',
    url: 'https://example.social/@carol/113500000000000001',
    excerpt: 'New piece on the harbour',
    createdAt: '2026-11-20T09:00:00.000Z',
    authorHandle: '@carol@example.social',
  };
  const quoteToggle = () => screen.findByRole('checkbox', { name: "Quote the author's post in the credit" });
  const publishBody = () => requests.find((request) => request.url.endsWith('/publish'))?.body;

  beforeEach(() => {
    enabledPlatforms = ['mastodon', 'telegram'];
    connections = [connection('mastodon', { instance: 'mastodon.example' }), connection('telegram', { chatId: '-1' })];
    savedThread = seededThread('user-1', 1, { id: 'thread-1' });
    authorPosts = [{ platform: 'mastodon', post: AUTHOR_POST }];
  });

  it("shows the author's post found for a platform that can quote, and shares quoting it", async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Mastodon/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Telegram/ }));

    expect(((await quoteToggle()) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: "Quoting @carol@example.social's post from Nov 20, 2026" })).toBeTruthy();
    expect(screen.getAllByRole('checkbox', { name: "Quote the author's post in the credit" })).toHaveLength(1);
    expect(requests.filter((request) => request.url.includes('/author-posts?')).at(-1)?.url).toContain(
      'platforms=mastodon',
    );
    await userEvent.click(shareButton());
    await waitFor(() =>
      expect(publishBody()).toEqual({
        platforms: ['mastodon', 'telegram'],
        origin: 'panel',
        quotes: { mastodon: AUTHOR_POST.id },
      }),
    );
  });

  it('shares with a plain credit once the curator turns the quote off, and schedules the same choice', async () => {
    const scheduled: ShareSelection[] = [];
    renderPanel((selection) => (
      <button type="button" onClick={() => scheduled.push(selection)}>
        Add to Queue
      </button>
    ));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Mastodon/ }));
    const toggle = await quoteToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Queue' }));
    await userEvent.click(toggle);

    expect(screen.queryByRole('link', { name: /Quoting/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Queue' }));
    await userEvent.click(shareButton());
    await waitFor(() => expect(publishBody()).toEqual({ platforms: ['mastodon'], origin: 'panel' }));
    expect(scheduled.map((selection) => selection.quotes)).toEqual([{ mastodon: AUTHOR_POST.id }, undefined]);
  });

  it('offers no quote when the author has no post about the article there', async () => {
    authorPosts = [{ platform: 'mastodon', post: null }];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Mastodon/ }));
    await screen.findByLabelText('Mastodon link placement');

    await waitFor(() => expect(requests.some((request) => request.url.includes('/author-posts?'))).toBe(true));
    expect(screen.queryByRole('checkbox', { name: "Quote the author's post in the credit" })).toBeNull();
    await userEvent.click(shareButton());
    await waitFor(() => expect(publishBody()).toEqual({ platforms: ['mastodon'], origin: 'panel' }));
  });

  it("says what to turn on where X's billed reads kept it from looking for the author's post", async () => {
    enabledPlatforms = ['twitter'];
    connections = [connection('twitter', {})];
    authorPosts = [{ platform: 'twitter', post: null, unsearched: 'paid_reads_off' }];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Twitter\/X/ }));

    expect(await screen.findByText(authorPostMessages.paidReadsOffHint)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: "Quote the author's post in the credit" })).toBeNull();
  });
});

describe('the channel and subreddit selectors: empty states', () => {
  it('Discord without channel data asks to reconnect, with Refresh Connection', async () => {
    connections = [connection('discord', {})];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    expect(
      screen.getByText(
        'No Discord channels available. Please reconnect your Discord account to refresh the channel data.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Connection' })).toBeTruthy();
  });

  it('Discord with no server the user manages says so', async () => {
    connections = [connection('discord', { channels: [] })];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    expect(screen.getByText(/No Discord servers found where you have the Manage Server permission/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Connection' })).toBeTruthy();
  });

  it('Reddit without subreddits asks to reconnect; with only read-only ones, explains why', async () => {
    connections = [connection('reddit', {})];
    const first = renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Reddit/ }));
    expect(
      screen.getByText('No subreddits available. Please reconnect your Reddit account to refresh the subreddit data.'),
    ).toBeTruthy();
    first.unmount();

    connections = [connection('reddit', { subreddits: [subreddit('news', 10, 'reader')] })];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Reddit/ }));
    expect(screen.getByText(/No subreddits where you can post/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('Reddit lists only postable subreddits with K/M counts, and a search box above five', async () => {
    const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    connections = [
      connection('reddit', {
        subreddits: [
          ...names.map((name, index) => subreddit(name, 1_500 * (index + 1))),
          subreddit('contrib', 3_400_000, 'contributor'),
          subreddit('lurking', 99, 'reader'),
        ],
      }),
    ];
    renderPanel();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Reddit/ }));
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.queryByRole('radio', { name: /lurking/ })).toBeNull();
    expect(
      within(screen.getByRole('radio', { name: /contrib/ }).closest('label')!).getByText('3.4M members'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('radio', { name: /alpha/ }).closest('label')!).getByText('1.5K members'),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search subreddits' }), 'gam');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringContaining('r/gamma'),
    ]);
  });
});

describe('postingErrorToast', () => {
  it('names a missing channel or subreddit as the spec does, and anything else as a Posting Error', () => {
    expect(postingErrorToast(new ApiError(400, 'Discord Channel Required', 'target_required'))).toEqual({
      title: 'Discord Channel Required',
    });
    expect(postingErrorToast(new ApiError(400, 'Telegram is not connected.', 'platform_not_connected'))).toEqual({
      title: 'Posting Error',
      description: 'Telegram is not connected.',
    });
  });
});
