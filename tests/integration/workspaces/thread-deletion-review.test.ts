import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { makeThread } from '#tests/helpers/publishing-threads';
import { callRoute, type RouteHandler, type RouteRequest } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';

// Deleting a thread deletes its review with it: the review, its comments and its client review
// links (whose token then opens nothing); another thread's review stays.
const table = await startTestTable();
const workspaceRoute = async (name: string): Promise<RouteHandler> =>
  (await import(`#functions/http/workspaces/${name}`)).handler;
const routes = {
  send: await workspaceRoute('send-for-review'),
  comment: await workspaceRoute('add-comment'),
  createLink: await workspaceRoute('create-review-link'),
  clientView: (await import('#functions/http/public/get-client-review')).handler as RouteHandler,
  deleteThread: (await import('#functions/http/threads/delete-thread')).handler as RouteHandler,
};
const { putThread } = await import('#functions/data/thread-repository');
const { getThreadReview, listReviewComments } = await import('#functions/data/review-repository');
const { listReviewLinksOfThread } = await import('#functions/data/review-link-repository');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { deleteThreadAsAdmin } = await import('#functions/services/admin/threads');

afterAll(() => table.stop());

/** A team thread sent for review, commented on and with a client review link; the link's token. */
async function reviewedThread(workspaceId: string, owner: string) {
  const thread = makeThread(workspaceId, [`Review ${randomUUID().slice(0, 8)}: the port grew.`]);
  await putThread(thread);
  const call = (route: RouteHandler, request: RouteRequest = {}) =>
    callRoute(route, { userId: owner }, { ...request, headers: { 'x-workspace-id': workspaceId } });
  const params = { threadId: thread.id };
  expect((await call(routes.send, { params })).status).toBe(200);
  expect((await call(routes.comment, { params, body: { text: 'Check the figure.' } })).status).toBe(201);
  const link = await call(routes.createLink, { params, body: { platforms: ['mastodon'] } });
  expect(link.status).toBe(201);
  const token = decodeURIComponent(new URL(link.body.url).pathname.split('/').pop() ?? '');
  return { thread, token, call };
}

const reviewItemsOf = async (workspaceId: string, threadId: string) => ({
  review: (await getThreadReview(workspaceId, threadId)) !== null,
  comments: (await listReviewComments(workspaceId, threadId)).length,
  links: (await listReviewLinksOfThread(workspaceId, threadId)).length,
});
const openLink = (token: string) =>
  callRoute(routes.clientView, { userId: 'nobody' }, { params: { token } }, { sourceIp: `198.51.100.${token.length}` });

describe('deleting a thread', () => {
  it('deletes its review, comments and review links, and leaves another thread’s', async () => {
    const owner = `owner-${randomUUID()}`;
    const team = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Desk', new Date());
    const deleted = await reviewedThread(team.id, owner);
    const kept = await reviewedThread(team.id, owner);
    expect(await reviewItemsOf(team.id, deleted.thread.id)).toEqual({ review: true, comments: 1, links: 1 });
    expect((await openLink(deleted.token)).status).toBe(200);

    const gone = await deleted.call(routes.deleteThread, { params: { threadId: deleted.thread.id } });
    expect(gone.status).toBe(204);

    expect(await reviewItemsOf(team.id, deleted.thread.id)).toEqual({ review: false, comments: 0, links: 0 });
    expect(await openLink(deleted.token)).toMatchObject({ body: { code: 'review_link_invalid' } });
    expect(await reviewItemsOf(team.id, kept.thread.id)).toEqual({ review: true, comments: 1, links: 1 });
    expect((await openLink(kept.token)).status).toBe(200);
  });

  it('by an admin deletes its review items too', async () => {
    const owner = `owner-${randomUUID()}`;
    const team = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Desk', new Date());
    const { thread } = await reviewedThread(team.id, owner);

    await deleteThreadAsAdmin({ userId: 'admin-1', userAgent: 'admin test', now: new Date() }, thread.id);

    expect(await reviewItemsOf(team.id, thread.id)).toEqual({ review: false, comments: 0, links: 0 });
  });
});
