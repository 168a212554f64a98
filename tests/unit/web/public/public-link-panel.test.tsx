// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayNameMessages } from '#shared/messages/account';
import { publicPageMessages } from '#shared/messages/public';
import type { Thread } from '#shared/schemas/thread';
import { PublicLinkPanel } from '#web/features/public/components/public-link-panel';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';
import { meQueryKey } from '#web/lib/get-me';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth, testProfile, testQueryClient } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => true,
}));

// A curator without a display name is asked for one on their first Make Public; a team's thread is
// curated in the team's name, so in a team the thread is made public at once.
const THREAD = {
  id: 'thread-1',
  userId: 'user-1',
  title: 'The harbour at dawn',
  sourceUrl: 'https://news.example.com/harbour',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  posts: [{ id: 'post-0', content: 'The port grew.', charCount: 14 }],
  isPublic: false,
} as unknown as Thread;

let puts: unknown[];

async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
  if (init?.method === 'PUT' && url.endsWith('/threads/thread-1/visibility')) {
    puts.push(JSON.parse(String(init.body)));
    return Response.json({ isPublic: true, allowIndexing: false, publicId: 'p'.repeat(22), publicPath: '/t/ppp' });
  }
  return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
}

beforeEach(() => {
  puts = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});

afterEach(() => {
  cleanup();
  setCurrentWorkspaceId(null);
  vi.unstubAllGlobals();
});

function renderPanel(workspaceId: string | null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(meQueryKey('user-1'), { ...testProfile(false), displayName: null });
  setCurrentWorkspaceId(workspaceId);
  return renderRoutes([{ path: '*', element: <PublicLinkPanel thread={THREAD} /> }], {
    auth: signedInAuth(),
    queryClient,
  });
}

describe('the public link panel of a curator without a display name', () => {
  it('asks for a display name in the personal workspace, sending nothing yet', async () => {
    renderPanel(null);
    await userEvent.click(screen.getByRole('button', { name: publicPageMessages.makePublic }));
    expect(await screen.findByText(displayNameMessages.dialogTitle)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('makes a team thread public at once, asking no name', async () => {
    renderPanel('ws_desk000000000000');
    await userEvent.click(screen.getByRole('button', { name: publicPageMessages.makePublic }));
    await waitFor(() => expect(puts).toEqual([{ isPublic: true, allowIndexing: false }]));
    expect(screen.queryByText(displayNameMessages.dialogTitle)).toBeNull();
  });
});
