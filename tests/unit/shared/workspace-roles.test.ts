import { describe, expect, it } from 'vitest';
import { roleAllows, rolesManageableBy, WORKSPACE_PERMISSIONS, WORKSPACE_ROLES } from '#shared/workspaces/roles';

// The role table the server enforces on every workspace route and the web app follows.
describe('workspace roles', () => {
  it('gives each role what the issue lists: owner everything, admin members and connections, editor writing, reviewer reading and approving', () => {
    const table = Object.fromEntries(
      WORKSPACE_ROLES.map((role) => [role, WORKSPACE_PERMISSIONS.filter((permission) => roleAllows(role, permission))]),
    );
    expect(table).toEqual({
      owner: ['read', 'comment', 'write', 'review', 'connections', 'members', 'billing'],
      admin: ['read', 'comment', 'write', 'review', 'connections', 'members'],
      editor: ['read', 'comment', 'write'],
      reviewer: ['read', 'comment', 'review'],
    });
  });

  it('lets an owner manage every role, an admin only editors and reviewers, and no one else anyone', () => {
    expect(rolesManageableBy('owner')).toEqual(['owner', 'admin', 'editor', 'reviewer']);
    expect(rolesManageableBy('admin')).toEqual(['editor', 'reviewer']);
    expect(rolesManageableBy('editor')).toEqual([]);
    expect(rolesManageableBy('reviewer')).toEqual([]);
  });
});
