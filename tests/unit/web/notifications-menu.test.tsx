// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsMenu } from '#web/app/layout/notifications-menu';
import { notificationsQueryKey } from '#web/features/notifications/api/notifications';
import { currentWorkspaceId, setCurrentWorkspaceId } from '#web/lib/current-workspace';
import { LOCAL_RUNTIME_CONFIG, LocationProbe, renderRoutes, signedInAuth, testQueryClient } from './test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCurrentWorkspaceId(null);
});

const JOINED = {
  notificationId: 'n-2',
  createdAt: '2026-11-28T10:00:00.000Z',
  kind: 'member_joined',
  text: 'dana@example.com joined Harbour Desk as Editor.',
  link: '/workspace',
  workspaceId: 'ws_desk000000000000',
  readAt: null,
};
const FAILED = {
  notificationId: 'n-1',
  createdAt: '2026-11-27T10:00:00.000Z',
  kind: 'publish_failed',
  text: 'Publishing "Night trains" to Telegram failed: Forbidden',
  link: '/thread/t-1',
  workspaceId: null,
  readAt: '2026-11-27T11:00:00.000Z',
};

describe('the notifications menu', () => {
  it('shows the unread count, lists the newest on opening and marks them read, and opens one in its workspace', async () => {
    const posted: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/notifications/read' && init?.method === 'POST') {
        posted.push(url);
        return new Response(null, { status: 204 });
      }
      if (url === '/api/notifications')
        return Response.json({
          notifications: [posted.length ? { ...JOINED, readAt: '2026-11-28T10:05:00.000Z' } : JOINED, FAILED],
          unread: posted.length ? 0 : 1,
        });
      return new Promise<Response>(() => undefined);
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(notificationsQueryKey('user-1'), { notifications: [JOINED, FAILED], unread: 1 });
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <NotificationsMenu />
              <LocationProbe />
            </>
          ),
        },
      ],
      {
        auth: signedInAuth(),
        queryClient,
        initialEntries: ['/history'],
      },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(list.textContent).toContain('dana@example.com joined Harbour Desk as Editor.');
    expect(list.textContent).toContain('to Telegram failed: Forbidden');
    await waitFor(() => expect(posted).toEqual(['/api/notifications/read']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());

    await userEvent.click(screen.getByRole('link', { name: 'dana@example.com joined Harbour Desk as Editor.' }));
    expect(screen.getByTestId('location').textContent).toBe('/workspace');
    expect(currentWorkspaceId()).toBe('ws_desk000000000000');
  });
});
