import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '#local/mail-catcher';
import { freePort } from '#local/ports';
import { threadVersion } from '#shared/workspaces/thread-version';
import { mailCatcher } from '#tests/helpers/mail-catcher';
import { makeThread } from '#tests/helpers/publishing-threads';
import { callRoute, type RouteAnswer, type RouteHandler, type RouteRequest } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';
import { addTeamMember } from '../../helpers/team-members';

// Review steps tell the people they concern, in the app and by email (through the real SES v2 client
// to the local mail catcher), and never the member who took the step.
const table = await startTestTable();
const catcher = await startMailCatcher(await freePort());
Object.assign(process.env, catcher.handlerEnv, { APP_PUBLIC_URL: 'http://localhost:3000' });
const inbox = mailCatcher(catcher.url);

const workspaceRoute = async (name: string): Promise<RouteHandler> =>
  (await import(`#functions/http/workspaces/${name}`)).handler;
const routes = {
  send: await workspaceRoute('send-for-review'),
  approve: await workspaceRoute('approve-thread'),
  requestChanges: await workspaceRoute('request-changes'),
  createLink: await workspaceRoute('create-review-link'),
  clientDecision: (await import('#functions/http/public/post-client-decision')).handler as RouteHandler,
  notifications: (await import('#functions/http/notifications/get-notifications')).handler as RouteHandler,
};
const { putThread } = await import('#functions/data/thread-repository');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');

afterAll(async () => {
  await catcher.stop();
  await table.stop();
});

const ROLES = ['owner', 'admin', 'editor', 'secondEditor', 'reviewer'] as const;
type Member = (typeof ROLES)[number];

/** A team with a member of each role (two editors) and a thread of its own, titled uniquely. */
async function teamWithThread() {
  const ids = Object.fromEntries(ROLES.map((name) => [name, `${name}-${randomUUID()}`])) as Record<Member, string>;
  const workspace = await createTeamWorkspace(
    { userId: ids.owner, email: `${ids.owner}@example.com` },
    'Review desk',
    new Date(),
  );
  for (const [name, role] of [
    ['admin', 'admin'],
    ['editor', 'editor'],
    ['secondEditor', 'editor'],
    ['reviewer', 'reviewer'],
  ] as const)
    await addTeamMember(workspace, ids[name], role);
  const title = `Harbour report ${randomUUID().slice(0, 8)}`;
  const thread = makeThread(workspace.id, ['The port moved 4 million containers.', 'Trade grew.'], { title });
  await putThread(thread);
  const call = (handler: RouteHandler, member: Member, request: RouteRequest = {}): Promise<RouteAnswer> =>
    callRoute(
      handler,
      { userId: ids[member], email: `${ids[member]}@example.com` },
      { ...request, headers: { 'x-workspace-id': workspace.id } },
    );
  return { ids, thread, title, call, threadParams: { params: { threadId: thread.id } } };
}

type Team = Awaited<ReturnType<typeof teamWithThread>>;

/** Who got an in-app notification of `kind` about the thread, by their place in the team. */
async function notifiedOf(team: Team, kind: string): Promise<Member[]> {
  const notified: Member[] = [];
  for (const member of ROLES) {
    const { body } = await team.call(routes.notifications, member);
    const found = body.notifications.filter(
      (notice: { kind: string; text: string }) => notice.kind === kind && notice.text.includes(team.title),
    );
    if (found.length > 0) {
      expect(found[0]).toMatchObject({ link: `/thread/${team.thread.id}`, readAt: null });
      notified.push(member);
    }
  }
  return notified;
}

/** Who got a mail with `subject` about the thread, once the recipients' mails arrived. */
async function mailedOf(team: Team, subject: string, recipients: readonly Member[]): Promise<Member[]> {
  const about = (mail: { subject: string; text: string }) => mail.subject === subject && mail.text.includes(team.title);
  for (const member of recipients) {
    const mail = await inbox.waitForMail(`${team.ids[member]}@example.com`, about);
    expect(mail.links).toContain(`http://localhost:3000/thread/${team.thread.id}`);
  }
  const mailed: Member[] = [];
  for (const member of ROLES)
    if ((await inbox.mailsTo(`${team.ids[member]}@example.com`)).some(about)) mailed.push(member);
  return mailed;
}

describe('notifications of review steps', () => {
  it('tells those who may approve that a thread was sent for review, but not its sender', async () => {
    const team = await teamWithThread();
    expect((await team.call(routes.send, 'editor', team.threadParams)).status).toBe(200);

    const concerned = ['owner', 'admin', 'reviewer'] as const;
    expect(await notifiedOf(team, 'sent_for_review')).toEqual(concerned);
    const [notice] = (await team.call(routes.notifications, 'reviewer')).body.notifications;
    expect(notice.text).toBe(`${team.ids.editor}@example.com sent "${team.title}" for review.`);
    expect(await mailedOf(team, 'A thread is waiting for your review', concerned)).toEqual(concerned);
  });

  it('tells the writers of the workspace of requested changes and of an approval, but not the reviewer who decided', async () => {
    const team = await teamWithThread();
    const version = threadVersion(team.thread.posts);
    const changes = await team.call(routes.requestChanges, 'reviewer', {
      ...team.threadParams,
      body: { version, comment: 'Source the container figure.' },
    });
    expect(changes.status).toBe(200);
    const writers = ['owner', 'admin', 'editor', 'secondEditor'] as const;
    expect(await notifiedOf(team, 'changes_requested')).toEqual(writers);
    const [changed] = (await team.call(routes.notifications, 'editor')).body.notifications;
    expect(changed.text).toBe(
      `${team.ids.reviewer}@example.com requested changes to "${team.title}": Source the container figure.`,
    );
    expect(await mailedOf(team, 'Changes were requested to a thread', writers)).toEqual(writers);

    expect((await team.call(routes.approve, 'admin', { ...team.threadParams, body: { version } })).status).toBe(200);
    const othersThanTheAdmin = ['owner', 'editor', 'secondEditor'] as const;
    expect(await notifiedOf(team, 'approved')).toEqual(othersThanTheAdmin);
    expect(await mailedOf(team, 'A thread was approved', othersThanTheAdmin)).toEqual(othersThanTheAdmin);
  });

  it("tells the writers of a client's decision through a review link, once, saying it came from the client", async () => {
    const team = await teamWithThread();
    const created = await team.call(routes.createLink, 'editor', {
      ...team.threadParams,
      body: { platforms: ['bluesky'] },
    });
    expect(created.status).toBe(201);
    const token = decodeURIComponent(new URL(created.body.url).pathname.split('/').pop() ?? '');
    const decided = await callRoute(
      routes.clientDecision,
      { userId: 'nobody' },
      { params: { token }, body: { decision: 'request_changes', name: 'Dana', comment: 'Cut the second post.' } },
      { sourceIp: '203.0.113.9', method: 'POST' },
    );
    expect(decided.status).toBe(200);

    const writers = ['owner', 'admin', 'editor', 'secondEditor'] as const;
    expect(await notifiedOf(team, 'client_changes_requested')).toEqual(writers);
    expect(await notifiedOf(team, 'changes_requested')).toEqual([]);
    const notices = (await team.call(routes.notifications, 'editor')).body.notifications;
    expect(notices.map((notice: { text: string }) => notice.text)).toEqual([
      `Client (via review link): Dana requested changes to "${team.title}": Cut the second post.`,
    ]);
    expect(await mailedOf(team, 'A client requested changes to a thread', writers)).toEqual(writers);
  });
});
