import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { makeThread } from '#tests/helpers/publishing-threads';
import { callRoute, type RouteHandler } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';
import { addTeamMember } from '../../helpers/team-members';

// What a member does in a team workspace is recorded in their own security log (the admin's log
// filtered to that user), naming the workspace; the workspace's partition keeps no one's trail.
const table = await startTestTable();
const routes = {
  editThread: (await import('#functions/http/threads/put-thread')).handler as RouteHandler,
  deleteThread: (await import('#functions/http/threads/delete-thread')).handler as RouteHandler,
  getThread: (await import('#functions/http/threads/get-thread')).handler as RouteHandler,
};
const { putThread } = await import('#functions/data/thread-repository');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { listAdminSecurityEvents } = await import('#functions/services/admin/security-events');

afterAll(() => table.stop());

const eventsOf = async (userId: string) =>
  (await listAdminSecurityEvents({ userId })).events.map(({ eventType, details }) => ({ eventType, details }));

describe("a team member's security events", () => {
  it('are recorded under the member who acted, naming the workspace, and not under the workspace', async () => {
    const owner = `owner-${randomUUID()}`;
    const editor = `editor-${randomUUID()}`;
    const team = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Desk', new Date());
    const otherTeam = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Other', new Date());
    await addTeamMember(team, editor, 'editor');
    const edited = makeThread(team.id, ['The port grew.']);
    const deleted = makeThread(team.id, ['The quay closed.']);
    const elsewhere = makeThread(otherTeam.id, ['Not this desk.']);
    for (const thread of [edited, deleted, elsewhere]) await putThread(thread);
    const asEditor = (route: RouteHandler, threadId: string, body?: unknown) =>
      callRoute(
        route,
        { userId: editor },
        { params: { threadId }, body, headers: { 'x-workspace-id': team.id, 'user-agent': 'desk-browser' } },
      );

    const posts = edited.posts.map(({ id, content }, index) => ({
      id,
      content: index === 0 ? `${content} Again.` : content,
    }));
    expect((await asEditor(routes.editThread, edited.id, { posts })).status).toBe(200);
    expect((await asEditor(routes.deleteThread, deleted.id)).status).toBe(204);
    expect((await asEditor(routes.getThread, elsewhere.id)).status).toBe(403);

    const inTeam = { workspaceId: team.id, userAgent: 'desk-browser' };
    expect(await eventsOf(editor)).toEqual([
      {
        eventType: 'thread_ownership_violation',
        details: expect.objectContaining({ ...inTeam, threadId: elsewhere.id }),
      },
      { eventType: 'thread_deleted', details: expect.objectContaining({ ...inTeam, threadId: deleted.id }) },
      { eventType: 'thread_updated', details: expect.objectContaining({ ...inTeam, threadId: edited.id }) },
    ]);
    expect(await eventsOf(team.id)).toEqual([]);
    expect(await eventsOf(owner)).toEqual([]);
  });

  it('in a personal workspace stay in the user’s log, naming no workspace', async () => {
    const userId = `user-${randomUUID()}`;
    const thread = makeThread(userId, ['Mine alone.']);
    await putThread(thread);
    const posts = thread.posts.map(({ id, content }, index) => ({
      id,
      content: index === 0 ? `${content} Still.` : content,
    }));
    const saved = await callRoute(routes.editThread, { userId }, { params: { threadId: thread.id }, body: { posts } });
    expect(saved.status).toBe(200);
    const [event] = await eventsOf(userId);
    expect(event).toMatchObject({ eventType: 'thread_updated', details: { threadId: thread.id } });
    expect(event?.details).not.toHaveProperty('workspaceId');
  });
});
