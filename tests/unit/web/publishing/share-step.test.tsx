// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededThread } from '#tests/helpers/seed-threads';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';
import { ShareStepHarness } from './share-step-harness';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let discordData: Record<string, unknown>;
const onTargetSelected = vi.fn();
const onPublished = vi.fn();
/** Discord's row in the thread's publishing status, if it has one. */
let discordRow: Record<string, unknown> | null;
let publishRequests: unknown[];

beforeEach(() => {
  onTargetSelected.mockReset();
  onPublished.mockReset();
  discordRow = null;
  publishRequests = [];
  discordData = { channels: [{ guild: { id: 'g1', name: 'Readers' }, channels: [{ id: 'c1', name: 'news' }] }] };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      const connection = () => ({
        platform: 'discord',
        accountId: 'account-1',
        name: 'Account one',
        isConnected: true,
        platformUsername: 'ada',
        connectionData: discordData,
        updatedAt: '2026-11-23T00:00:00.000Z',
      });
      if (url === '/api/connections') {
        const twitter = { ...connection(), platform: 'twitter', connectionData: {} };
        return Response.json({
          connections: [connection(), twitter],
          enabledPlatforms: ['discord', 'twitter'],
          unavailablePlatforms: [],
        });
      }
      if (url === '/api/connections/discord/target' && init?.method === 'PUT') {
        discordData = { ...discordData, selectedChannelId: JSON.parse(String(init.body)).targetId };
        return Response.json(connection());
      }
      const status = (row: Record<string, unknown> | null) =>
        Response.json({ threadId: THREAD.id, platforms: row ? [row] : [] });
      if (url === `/api/threads/${THREAD.id}/publishing`) return status(discordRow);
      if (url === `/api/threads/${THREAD.id}/publish` && init?.method === 'POST') {
        publishRequests.push(JSON.parse(String(init.body)));
        return status({
          platform: 'discord',
          status: 'pending',
          error: null,
          postUrl: null,
          postsMade: 0,
          postsTotal: 3,
          completedAt: null,
        });
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const THREAD = seededThread('user-1', 1);

describe('the /create share step', () => {
  it('enables Continue to Publishing only once a chosen Discord has a channel, and reports the channel', async () => {
    renderRoutes(
      [
        {
          path: '/create',
          element: <ShareStepHarness thread={THREAD} onTargetSelected={onTargetSelected} onPublished={onPublished} />,
        },
      ],
      {
        auth: signedInAuth(),
        initialEntries: ['/create?step=share'],
      },
    );
    const continueButton = () => screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    expect(continueButton().disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Discord channel'), 'c1');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(onTargetSelected).toHaveBeenCalledWith('discord', 'c1');
  });

  it('asks before posting again to a platform that already has the thread: Cancel posts nothing, Post Again posts', async () => {
    discordData = { ...discordData, selectedChannelId: 'c1' };
    discordRow = {
      platform: 'discord',
      status: 'completed',
      error: null,
      postUrl: 'https://discord.com/channels/g1/c1/1',
      postsMade: 3,
      postsTotal: 3,
      completedAt: '2026-11-23T12:00:00.000Z',
    };
    renderRoutes(
      [
        {
          path: '/create',
          element: <ShareStepHarness thread={THREAD} onTargetSelected={onTargetSelected} onPublished={onPublished} />,
        },
      ],
      {
        auth: signedInAuth(),
        initialEntries: ['/create?step=share'],
      },
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    const continueButton = screen.getByRole('button', { name: 'Continue to Publishing' });
    await waitFor(() => expect((continueButton as HTMLButtonElement).disabled).toBe(false));

    await userEvent.click(continueButton);
    const dialog = await screen.findByRole('dialog', { name: 'Post Again?' });
    expect(dialog.textContent).toContain('Already posted to Discord on Nov 23, 2026. Post it again?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(publishRequests).toEqual([]);
    expect(onPublished).not.toHaveBeenCalled();

    await userEvent.click(continueButton);
    await userEvent.click(await screen.findByRole('button', { name: 'Post Again' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(publishRequests).toEqual([{ platforms: ['discord'], origin: 'create' }]);
  });

  it('posts at once to a platform that does not have the thread yet', async () => {
    discordData = { ...discordData, selectedChannelId: 'c1' };
    renderRoutes(
      [
        {
          path: '/create',
          element: <ShareStepHarness thread={THREAD} onTargetSelected={onTargetSelected} onPublished={onPublished} />,
        },
      ],
      {
        auth: signedInAuth(),
        initialEntries: ['/create?step=share'],
      },
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    const continueButton = screen.getByRole('button', { name: 'Continue to Publishing' });
    await waitFor(() => expect((continueButton as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(continueButton);
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(publishRequests).toEqual([{ platforms: ['discord'], origin: 'create' }]);
  });

  it("says where each platform's link goes and why, with X's price, and sends the placement chosen", async () => {
    discordData = { ...discordData, selectedChannelId: 'c1' };
    renderRoutes(
      [
        {
          path: '/create',
          element: <ShareStepHarness thread={THREAD} onTargetSelected={onTargetSelected} onPublished={onPublished} />,
        },
      ],
      {
        auth: signedInAuth(),
        initialEntries: ['/create?step=share'],
      },
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Twitter\/X/ }));

    const xPlacement = screen.getByLabelText('Twitter/X link placement') as HTMLSelectElement;
    expect(xPlacement.value).toBe('credit-post');
    expect(xPlacement.getAttribute('aria-describedby')).toBeTruthy();
    const why = document.getElementById(xPlacement.getAttribute('aria-describedby')!);
    expect(why?.textContent).toBe(
      'X shows posts with links to fewer people, so the hook has no link and the credit reply carries it.',
    );
    expect(
      screen.getByText(/^X's API charges \$0\.200 for a post with a link against \$0\.015 without one:/),
    ).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Discord link placement'), 'first-post-and-credit');
    expect(screen.getByText(/^The first post carries the link as well as the credit post/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Publishing' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(publishRequests).toEqual([
      { platforms: ['discord', 'twitter'], origin: 'create', linkPlacements: { discord: 'first-post-and-credit' } },
    ]);
  });
});
