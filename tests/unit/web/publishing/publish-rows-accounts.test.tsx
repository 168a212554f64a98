// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionView, PlatformPublishState } from '#shared/schemas/publishing';
import { PlatformSharingPanel } from '#web/features/publishing/components/platform-sharing-panel';
import { PublishRows } from '#web/features/publishing/components/publish-rows';
import { PublishStep } from '#web/features/publishing/components/publish-step';
import { republishQuestions } from '#web/features/publishing/hooks/use-confirmed-publish';
import { allRowsEnded, publishRowLabel, publishRowsOf } from '#web/features/publishing/lib/publish-rows';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const NEWS = '101@social.example';
const HARBOUR = '202@harbour.example';

const run = (accountId: string | null, fields: Partial<PlatformPublishState> = {}): PlatformPublishState => ({
  platform: 'mastodon',
  accountId,
  accountName: accountId === NEWS ? '@news@social.example' : accountId === HARBOUR ? '@desk@harbour.example' : null,
  status: 'pending',
  error: null,
  postUrl: null,
  postsMade: 0,
  postsTotal: 2,
  completedAt: null,
  ...fields,
});

describe('the publish rows rule', () => {
  it('makes one row per chosen account, each with its own run and named by its account', () => {
    const runs = [run(NEWS, { status: 'completed' }), run(HARBOUR, { status: 'failed', error: 'Refused' })];

    const rows = publishRowsOf(['mastodon'], { mastodon: [NEWS, HARBOUR] }, runs);

    expect(rows.map(publishRowLabel)).toEqual(['Mastodon · @news@social.example', 'Mastodon · @desk@harbour.example']);
    expect(rows.map(({ row }) => row?.status)).toEqual(['completed', 'failed']);
    expect(allRowsEnded(rows)).toBe(true);
  });

  it('keeps one row named by its platform for a platform with one account, and the account id until the status answers', () => {
    expect(publishRowsOf(['bluesky'], undefined, []).map(publishRowLabel)).toEqual(['Bluesky']);
    expect(publishRowsOf(['mastodon'], { mastodon: [NEWS] }, undefined).map(publishRowLabel)).toEqual([
      `Mastodon · ${NEWS}`,
    ]);
  });

  it('has not ended while one account still posts', () => {
    const rows = publishRowsOf(['mastodon'], { mastodon: [NEWS, HARBOUR] }, [
      run(NEWS, { status: 'completed' }),
      run(HARBOUR, { status: 'posting' }),
    ]);

    expect(allRowsEnded(rows)).toBe(false);
  });

  it('asks before posting again only to the chosen account that already has the thread', () => {
    const status = {
      threadId: 'thread-1',
      platforms: [run(NEWS, { status: 'completed', completedAt: '2026-11-23T10:00:00.000Z' }), run(HARBOUR)],
    };

    expect(republishQuestions(status, ['mastodon'], { mastodon: [HARBOUR] })).toEqual([]);
    expect(republishQuestions(status, ['mastodon'], { mastodon: [NEWS, HARBOUR] })).toEqual([
      'Already posted to Mastodon · @news@social.example on Nov 23, 2026. Post it again?',
    ]);
  });
});

describe('the publish rows', () => {
  afterEach(cleanup);

  it("show each account's progress, link and error, with Retry on the failed one only", async () => {
    const onRetry = vi.fn();
    const rows = publishRowsOf(['mastodon'], { mastodon: [NEWS, HARBOUR] }, [
      run(NEWS, { status: 'completed', postUrl: 'https://social.example/@news/1' }),
      run(HARBOUR, { status: 'failed', error: 'The server refused the post.' }),
    ]);
    renderRoutes([{ path: '/', element: <PublishRows rows={rows} onRetry={onRetry} /> }], {
      auth: signedInAuth(),
      initialEntries: ['/'],
    });

    const news = await screen.findByTestId(`publish-row-mastodon-${NEWS}`);
    const harbour = screen.getByTestId(`publish-row-mastodon-${HARBOUR}`);
    expect(news.textContent).toContain('Mastodon · @news@social.example');
    expect(news.textContent).toContain('Successfully posted!');
    expect(within(news).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      'https://social.example/@news/1',
    );
    expect(within(news).queryByRole('button')).toBeNull();
    expect(harbour.textContent).toContain('The server refused the post.');
    await userEvent.click(within(harbour).getByRole('button', { name: 'Retry (Mastodon · @desk@harbour.example)' }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ platform: 'mastodon', accountId: HARBOUR }));
  });
});

describe('the sharing panel with two accounts of one platform', () => {
  const account = (accountId: string, name: string): ConnectionView => ({
    platform: 'mastodon',
    accountId,
    name,
    isConnected: true,
    platformUsername: name,
    connectionData: { instance: `https://${accountId.split('@')[1]}` },
    updatedAt: '2026-11-23T00:00:00.000Z',
  });
  const publishBodies: unknown[] = [];
  let runs: PlatformPublishState[];

  beforeEach(() => {
    publishBodies.length = 0;
    runs = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
        if (url === '/api/connections')
          return Response.json({
            connections: [account(NEWS, '@news@social.example'), account(HARBOUR, '@desk@harbour.example')],
            enabledPlatforms: ['mastodon'],
            unavailablePlatforms: [],
          });
        if (url === '/api/threads/thread-1/publish') {
          const body = JSON.parse(String(init?.body));
          publishBodies.push(body);
          // The first press: the news account posts, the harbour one fails; a retry posts the harbour one.
          runs =
            publishBodies.length === 1
              ? [
                  run(NEWS, { status: 'completed', postUrl: 'https://social.example/@news/1' }),
                  run(HARBOUR, { status: 'failed', error: 'The server refused the post.' }),
                ]
              : [runs[0]!, run(HARBOUR, { status: 'completed', postUrl: 'https://harbour.example/@desk/9' })];
          return Response.json({ threadId: 'thread-1', platforms: runs }, { status: 202 });
        }
        if (url === '/api/threads/thread-1/publishing') return Response.json({ threadId: 'thread-1', platforms: runs });
        if (url.startsWith('/api/threads/thread-1/author-posts?')) return Response.json({ posts: [] });
        return new Response(null, { status: 404 });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on /create’s publish step too: a row per chosen account, and Retry posts the failed one again', async () => {
    runs = [
      run(NEWS, { status: 'completed', postUrl: 'https://social.example/@news/1' }),
      run(HARBOUR, { status: 'failed', error: 'The server refused the post.' }),
    ];
    publishBodies.push('first press');
    renderRoutes(
      [
        {
          path: '/create',
          element: (
            <PublishStep
              threadId="thread-1"
              platforms={['mastodon']}
              accounts={{ mastodon: [NEWS, HARBOUR] }}
              onBack={() => {}}
            />
          ),
        },
      ],
      { auth: signedInAuth(), initialEntries: ['/create'] },
    );

    await waitFor(() =>
      expect(screen.getByTestId(`publish-row-mastodon-${HARBOUR}`).textContent).toContain(
        'Mastodon · @desk@harbour.example The server refused the post.',
      ),
    );
    const harbour = screen.getByTestId(`publish-row-mastodon-${HARBOUR}`);
    expect(await screen.findByText('Partially Posted')).toBeTruthy();
    await userEvent.click(within(harbour).getByRole('button', { name: /^Retry/ }));

    await waitFor(() =>
      expect(screen.getByTestId(`publish-row-mastodon-${HARBOUR}`).textContent).toContain('Successfully posted!'),
    );
    expect(publishBodies.slice(1)).toEqual([
      { platforms: ['mastodon'], origin: 'create', accounts: { mastodon: [HARBOUR] } },
    ]);
  });

  it('shows one row per account and retries only the failed account', async () => {
    renderRoutes([{ path: '/thread/:threadId', element: <PlatformSharingPanel threadId="thread-1" /> }], {
      auth: signedInAuth(),
      initialEntries: ['/thread/thread-1'],
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Mastodon/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '@news@social.example' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '@desk@harbour.example' }));
    const share = screen.getByRole('button', { name: 'Share to 1 platform' }) as HTMLButtonElement;
    await waitFor(() => expect(share.disabled).toBe(false));
    await userEvent.click(share);

    const harbour = await screen.findByTestId(`publish-row-mastodon-${HARBOUR}`);
    expect(screen.getByTestId(`publish-row-mastodon-${NEWS}`).textContent).toContain(
      'Mastodon · @news@social.example Successfully posted!',
    );
    expect(harbour.textContent).toContain('Mastodon · @desk@harbour.example The server refused the post.');
    await userEvent.click(within(harbour).getByRole('button', { name: /^Retry/ }));

    await waitFor(() =>
      expect(screen.getByTestId(`publish-row-mastodon-${HARBOUR}`).textContent).toContain('Successfully posted!'),
    );
    expect(publishBodies).toEqual([
      { platforms: ['mastodon'], origin: 'panel', accounts: { mastodon: [NEWS, HARBOUR] } },
      { platforms: ['mastodon'], origin: 'panel', accounts: { mastodon: [HARBOUR] } },
    ]);
  });
});
