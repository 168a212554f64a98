// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformConnectionsCard } from '#web/features/account/components/platform-connections-card';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';
import { workspacesQueryKey } from '#web/lib/get-workspaces';
import { renderRoutes, signedInAuth, testQueryClient } from '../test-utils';

// What a member sees follows their role in the current workspace, from the table the server enforces.

afterEach(() => {
  cleanup();
  setCurrentWorkspaceId(null);
});

function renderCardAs(role: 'owner' | 'admin' | 'editor' | 'reviewer' | null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(workspacesQueryKey('user-1'), [
    { id: 'user-1', name: 'Personal', personal: true, role: 'owner' },
    ...(role ? [{ id: 'ws_desk000000000000', name: 'Harbour Desk', personal: false, role }] : []),
  ]);
  // The connections list itself is not the point here: it stays loading.
  queryClient.setQueryDefaults(['connections'], { queryFn: () => new Promise(() => undefined) });
  setCurrentWorkspaceId(role ? 'ws_desk000000000000' : null);
  return renderRoutes([{ path: '*', element: <PlatformConnectionsCard /> }], {
    auth: signedInAuth(),
    queryClient,
  });
}

describe('role gating in the web app', () => {
  it('turns connection changes off for editors and reviewers of a team, saying why', () => {
    renderCardAs('reviewer');
    expect(screen.getByText(/As a Reviewer in Harbour Desk, your role does not allow/)).toBeTruthy();
    cleanup();
    renderCardAs('editor');
    expect(
      screen.getByText(
        'As an Editor in Harbour Desk, your role does not allow connecting or disconnecting accounts. Ask an owner or admin.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('group').hasAttribute('disabled')).toBe(true);
  });

  it('leaves them on for admins, owners and in the personal workspace', () => {
    for (const role of ['admin', 'owner', null] as const) {
      renderCardAs(role);
      expect(screen.queryByText(/your role does not allow/)).toBeNull();
      expect(screen.getByRole('group').hasAttribute('disabled')).toBe(false);
      cleanup();
    }
  });
});
