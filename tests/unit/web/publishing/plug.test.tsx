// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededThread } from '#tests/helpers/seed-threads';
import { PublishRows } from '#web/features/publishing/components/publish-rows';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth, testProfile } from '../test-utils';
import { ShareStepHarness } from './share-step-harness';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const THREAD = seededThread('user-1', 1);
let publishRequests: unknown[];

beforeEach(() => {
  publishRequests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/me')
        return Response.json({ ...testProfile(false), plugDefault: { enabled: true, threshold: 30 } });
      const connection = (platform: string) => ({
        platform,
        accountId: 'account-1',
        name: 'Account one',
        isConnected: true,
        platformUsername: 'ada',
        connectionData: {},
        updatedAt: '2026-11-23T00:00:00.000Z',
      });
      if (url === '/api/connections') {
        return Response.json({
          connections: [connection('bluesky'), connection('telegram')],
          enabledPlatforms: ['bluesky', 'telegram'],
          unavailablePlatforms: [],
        });
      }
      if (url === `/api/threads/${THREAD.id}/publishing`) return Response.json({ threadId: THREAD.id, platforms: [] });
      if (url === `/api/threads/${THREAD.id}/publish` && init?.method === 'POST') {
        publishRequests.push(JSON.parse(String(init.body)));
        return Response.json({ threadId: THREAD.id, platforms: [] });
      }
      if (url.startsWith(`/api/threads/${THREAD.id}/author-posts`)) return Response.json({ posts: [] });
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShareStep() {
  renderRoutes([{ path: '/create', element: <ShareStepHarness thread={THREAD} /> }], {
    auth: signedInAuth(),
    initialEntries: ['/create?step=share'],
  });
}

describe('the plug on the share step', () => {
  it('is offered only for a platform it can watch, starting from the account’s default', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Telegram/ }));
    expect(screen.queryByRole('checkbox', { name: 'Plug the link when the thread takes off' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: /Bluesky/ }));

    const plug = await screen.findByRole('checkbox', { name: 'Plug the link when the thread takes off' });
    await waitFor(() => expect((plug as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Likes and reposts of the first post') as HTMLInputElement).value).toBe('30');
  });

  it('refuses a threshold below 1 with its sentence, and sends the one chosen with the publish', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Bluesky/ }));
    const threshold = (await screen.findByLabelText('Likes and reposts of the first post')) as HTMLInputElement;
    await waitFor(() => expect(threshold.value).toBe('30'));
    const continueButton = () => screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0');
    expect(screen.getByRole('alert').textContent).toBe('The plug threshold must be at least 1');
    expect(continueButton().disabled).toBe(true);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '40');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());

    await waitFor(() => expect(publishRequests).toHaveLength(1));
    expect(publishRequests[0]).toMatchObject({ platforms: ['bluesky'], plug: { enabled: true, threshold: 40 } });
  });

  it('sends nothing about the plug when the curator left it as it was (the server applies the default)', async () => {
    renderShareStep();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Bluesky/ }));
    const continueButton = screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;
    await waitFor(() => expect(continueButton.disabled).toBe(false));

    await userEvent.click(continueButton);

    await waitFor(() => expect(publishRequests).toHaveLength(1));
    expect(publishRequests[0]).not.toHaveProperty('plug');
  });
});

describe('the plug on the publish rows', () => {
  const row = {
    platform: 'bluesky' as const,
    status: 'completed' as const,
    error: null,
    postUrl: 'https://bsky.app/profile/ada.test/post/1',
    postsMade: 2,
    postsTotal: 2,
    completedAt: '2026-11-23T12:00:00.000Z',
  };

  it('says it is armed with its threshold, fired with a link to the reply, expired or cancelled', () => {
    render(
      <PublishRows
        rows={[
          { platform: 'bluesky', row: { ...row, plug: { state: 'armed', threshold: 1200, firedUrl: null } } },
          {
            platform: 'mastodon',
            row: {
              ...row,
              platform: 'mastodon',
              plug: { state: 'fired', threshold: 20, firedUrl: 'https://mastodon.example/@ada/2' },
            },
          },
          {
            platform: 'twitter',
            row: { ...row, platform: 'twitter', plug: { state: 'expired', threshold: 20, firedUrl: null } },
          },
          {
            platform: 'threads',
            row: { ...row, platform: 'threads', plug: { state: 'cancelled', threshold: 20, firedUrl: null } },
          },
        ]}
      />,
    );

    expect(screen.getByTestId('publish-row-bluesky').textContent).toContain(
      'Plug armed (1,200 likes or reposts within 48 h)',
    );
    expect(screen.getByTestId('publish-row-mastodon').textContent).toContain('Plug fired');
    expect(screen.getByRole('link', { name: 'View the reply' }).getAttribute('href')).toBe(
      'https://mastodon.example/@ada/2',
    );
    expect(screen.getByTestId('publish-row-twitter').textContent).toContain(
      'Plug expired (under 20 likes or reposts in 48 h)',
    );
    expect(screen.getByTestId('publish-row-threads').textContent).toContain('Plug cancelled');
  });
});
