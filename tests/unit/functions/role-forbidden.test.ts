import { describe, expect, it } from 'vitest';
import { accessFrom } from '#functions/services/workspaces/workspace-access';
import { workspaceMessages } from '#shared/messages/workspaces';
import { roleAllows, WORKSPACE_PERMISSIONS, WORKSPACE_ROLES } from '#shared/workspaces/roles';

// A member refused by the server (403 `role_forbidden`) and shown a turned-off control in the web app
// reads the same words for what their role does not allow.
const teamId = 'ws_desk000000000000';

function refusalOf(role: (typeof WORKSPACE_ROLES)[number], permission: (typeof WORKSPACE_PERMISSIONS)[number]) {
  const membership = {
    workspaceId: teamId,
    workspaceName: 'Harbour Desk',
    personal: false,
    userId: 'user-1',
    email: 'one@example.com',
    role,
    joinedAt: '2026-01-01T00:00:00.000Z',
  };
  try {
    accessFrom(teamId, 'user-1', membership, permission);
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error(`${role} was allowed ${permission}`);
}

const actionIn = (text: string) => /does not allow (.+)\. Ask an owner or admin\.$/.exec(text)?.[1];

describe('role refusals', () => {
  it('name each refused permission as the web notice names it', () => {
    const pairs = WORKSPACE_ROLES.flatMap((role) =>
      WORKSPACE_PERMISSIONS.filter((permission) => !roleAllows(role, permission)).map(
        (permission) => [role, permission] as const,
      ),
    );
    expect(pairs.length).toBeGreaterThan(0);
    for (const [role, permission] of pairs) {
      const refusal = refusalOf(role, permission);
      expect(refusal.code).toBe('role_forbidden');
      const notice = workspaceMessages.roleNotice('Harbour Desk', role, permission);
      expect(actionIn(refusal.message), `${role} × ${permission}`).toBe(actionIn(notice));
    }
  });

  it('says what an editor may not do in plain words', () => {
    expect(refusalOf('editor', 'connections').message).toBe(
      'Your role in this workspace (editor) does not allow connecting or disconnecting accounts. Ask an owner or admin.',
    );
    expect(refusalOf('admin', 'billing').message).toBe(
      'Your role in this workspace (admin) does not allow buying credits, deleting the workspace or transferring it. Ask an owner or admin.',
    );
  });
});
