import { afterAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { addTeamMember } from '../../helpers/team-members';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const route = async (name: string) => (await import(`#functions/http/workspaces/${name}`)).handler;
const listRoute = await route('list-workspaces');
const createRoute = await route('create-workspace');
const membersRoute = await route('get-members');
const changeRoleRoute = await route('change-member-role');
const removeRoute = await route('remove-member');
const transferRoute = await route('transfer-ownership');
const { findWorkspace, listMembers } = await import('#functions/data/workspace-repository');

afterAll(() => table.stop());

type Route = typeof listRoute;
const call = (handler: Route, userId: string, request: RouteRequest = {}): Promise<RouteAnswer> =>
  callRoute(handler, { userId }, request);

let counter = 0;
const newUser = () => `user-${++counter}-${Date.now().toString(36)}`;

async function teamOf(ownerId: string, name = 'Newsroom'): Promise<string> {
  const created = await call(createRoute, ownerId, { body: { name } });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Adds a member directly (invitations have their own tests) with a role. */
async function join(workspaceId: string, userId: string, role: 'owner' | 'admin' | 'editor' | 'reviewer') {
  const workspace = await findWorkspace(workspaceId);
  await addTeamMember({ id: workspaceId, name: workspace!.name }, userId, role);
}

describe('workspaces', () => {
  it('gives every user a personal workspace they own, and lists the teams they create after it', async () => {
    const userId = newUser();
    expect((await call(listRoute, userId)).body.workspaces).toEqual([
      { id: userId, name: 'Personal', personal: true, role: 'owner' },
    ]);

    const teamId = await teamOf(userId, '  Agency  ');
    expect(teamId).toMatch(/^ws_[A-Za-z0-9_-]{16}$/);
    const listed = await call(listRoute, userId);
    expect(listed.body.workspaces).toEqual([
      { id: userId, name: 'Personal', personal: true, role: 'owner' },
      { id: teamId, name: 'Agency', personal: false, role: 'owner' },
    ]);
    const members = await call(membersRoute, userId, { params: { workspaceId: teamId } });
    expect(members.status).toBe(200);
    expect(members.body).toMatchObject({
      role: 'owner',
      members: [{ userId, email: `${userId}@example.com`, role: 'owner' }],
      invitations: [],
    });
  });

  it('refuses a name that is empty or too long, and writes nothing', async () => {
    const userId = newUser();
    for (const name of ['   ', 'x'.repeat(61)]) {
      const refused = await call(createRoute, userId, { body: { name } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_request');
    }
    expect((await call(listRoute, userId)).body.workspaces).toHaveLength(1);
  });

  it("answers 403 workspace_access_denied to someone outside a team, or naming another user's personal workspace", async () => {
    const owner = newUser();
    const stranger = newUser();
    const teamId = await teamOf(owner);
    for (const workspaceId of [teamId, owner, 'ws_doesnotexist000000']) {
      const refused = await call(membersRoute, stranger, { params: { workspaceId } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'You are not a member of this workspace, or it no longer exists.',
        code: 'workspace_access_denied',
      });
    }
  });

  it('lets an admin manage editors and reviewers but not admins or owners; an editor manages no one', async () => {
    const owner = newUser();
    const admin = newUser();
    const editor = newUser();
    const teamId = await teamOf(owner);
    await join(teamId, admin, 'admin');
    await join(teamId, editor, 'editor');

    const promoted = await call(changeRoleRoute, admin, {
      params: { workspaceId: teamId, userId: editor },
      body: { role: 'reviewer' },
    });
    expect(promoted.status).toBe(204);
    for (const [target, role] of [
      [editor, 'admin'],
      [owner, 'editor'],
    ] as const) {
      const refused = await call(changeRoleRoute, admin, {
        params: { workspaceId: teamId, userId: target },
        body: { role },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('role_forbidden');
    }
    const byReviewer = await call(removeRoute, editor, { params: { workspaceId: teamId, userId: admin } });
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body).toEqual({
      error: 'Your role in this workspace (reviewer) does not allow managing members. Ask an owner or admin.',
      code: 'role_forbidden',
    });
    const roles = Object.fromEntries((await listMembers(teamId)).map((member) => [member.userId, member.role]));
    expect(roles).toEqual({ [owner]: 'owner', [admin]: 'admin', [editor]: 'reviewer' });
  });

  it('keeps the last owner: they cannot leave or step down until another member owns the workspace', async () => {
    const owner = newUser();
    const editor = newUser();
    const teamId = await teamOf(owner);
    await join(teamId, editor, 'editor');

    const leaving = await call(removeRoute, owner, { params: { workspaceId: teamId, userId: owner } });
    expect(leaving.status).toBe(409);
    expect(leaving.body).toEqual({
      error: 'A workspace needs an owner: make another member owner first.',
      code: 'last_owner',
    });
    const steppingDown = await call(changeRoleRoute, owner, {
      params: { workspaceId: teamId, userId: owner },
      body: { role: 'admin' },
    });
    expect(steppingDown.body.code).toBe('last_owner');

    const byEditor = await call(transferRoute, editor, { params: { workspaceId: teamId }, body: { userId: editor } });
    expect(byEditor.status).toBe(403);
    const transferred = await call(transferRoute, owner, { params: { workspaceId: teamId }, body: { userId: editor } });
    expect(transferred.status).toBe(204);
    expect((await call(membersRoute, owner, { params: { workspaceId: teamId } })).body.role).toBe('admin');
    expect((await call(removeRoute, owner, { params: { workspaceId: teamId, userId: owner } })).status).toBe(204);
    expect((await findWorkspace(teamId))?.owners).toBe(1);
    const lastOwnerLeaving = await call(removeRoute, editor, { params: { workspaceId: teamId, userId: editor } });
    expect(lastOwnerLeaving.body.code).toBe('last_owner');
  });

  it("refuses a removed member's very next request", async () => {
    const owner = newUser();
    const reviewer = newUser();
    const teamId = await teamOf(owner);
    await join(teamId, reviewer, 'reviewer');
    expect((await call(membersRoute, reviewer, { params: { workspaceId: teamId } })).status).toBe(200);

    expect((await call(removeRoute, owner, { params: { workspaceId: teamId, userId: reviewer } })).status).toBe(204);
    const after = await call(membersRoute, reviewer, { params: { workspaceId: teamId } });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('workspace_access_denied');
    expect((await call(listRoute, reviewer)).body.workspaces.map((w: { id: string }) => w.id)).toEqual([reviewer]);
  });

  it('refuses a personal workspace member changes: it is its user alone', async () => {
    const userId = newUser();
    const refused = await call(removeRoute, userId, { params: { workspaceId: userId, userId } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('personal_workspace');
  });
});
