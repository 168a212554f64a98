import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '#local/mail-catcher';
import { freePort } from '#local/ports';
import { mailCatcher } from '#tests/helpers/mail-catcher';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// Invitations by email: through the real SES v2 client to the local mail catcher, the link followed.

const table = await startTestTable();
const catcher = await startMailCatcher(await freePort());
Object.assign(process.env, catcher.handlerEnv, { APP_PUBLIC_URL: 'http://localhost:3000' });
const inbox = mailCatcher(catcher.url);
const route = async (name: string) => (await import(`#functions/http/workspaces/${name}`)).handler;
const createRoute = await route('create-workspace');
const membersRoute = await route('get-members');
const inviteRoute = await route('invite-member');
const revokeRoute = await route('revoke-invitation');
const acceptRoute = await route('accept-invitation');
const listRoute = await route('list-workspaces');
const removeRoute = await route('remove-member');
const notificationsRoute = (await import('#functions/http/notifications/get-notifications')).handler;
const readRoute = (await import('#functions/http/notifications/post-notifications-read')).handler;
const { findMembership, listInvitations } = await import('#functions/data/workspace-repository');
const { db, tableName } = await import('#functions/data/client');
const { UpdateCommand, ScanCommand } = await import('@aws-sdk/lib-dynamodb');
const { keys } = await import('#functions/data/keys');

afterAll(async () => {
  await catcher.stop();
  await table.stop();
});

type Route = typeof createRoute;
const call = (handler: Route, userId: string, request: RouteRequest = {}): Promise<RouteAnswer> =>
  callRoute(handler, { userId, email: `${userId}@example.com` }, request);

let counter = 0;
const newUser = () => `inv-${++counter}-${Date.now().toString(36)}`;

async function team(owner: string): Promise<string> {
  return (await call(createRoute, owner, { body: { name: 'Harbour News' } })).body.id;
}

/** Invites `invitee` and returns the token from the link in the mail they received. */
async function invite(owner: string, workspaceId: string, invitee: string, role = 'editor'): Promise<string> {
  const sent = await call(inviteRoute, owner, {
    params: { workspaceId },
    body: { email: `${invitee}@example.com`, role },
  });
  expect(sent.status).toBe(201);
  const mail = await inbox.waitForMail(`${invitee}@example.com`);
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/join');
  return link.searchParams.get('token')!;
}

describe('invitations', () => {
  it('emails a single-use link that joins the invited person with the role, and lists them as a member', async () => {
    const owner = newUser();
    const editor = newUser();
    const workspaceId = await team(owner);
    const token = await invite(owner, workspaceId, editor);
    const mail = (await inbox.mailsTo(`${editor}@example.com`))[0]!;
    expect(mail.subject).toBe(`${owner}@example.com invited you to Harbour News on ThreadSnip`);
    expect(mail.text).toContain('as Editor');

    const pending = await call(membersRoute, owner, { params: { workspaceId } });
    expect(pending.body.invitations).toMatchObject([{ email: `${editor}@example.com`, role: 'editor' }]);

    const accepted = await call(acceptRoute, editor, { body: { token } });
    expect(accepted).toMatchObject({
      status: 200,
      body: { id: workspaceId, name: 'Harbour News', personal: false, role: 'editor' },
    });
    expect((await call(listRoute, editor)).body.workspaces.map((w: { id: string }) => w.id)).toEqual([
      editor,
      workspaceId,
    ]);
    const members = await call(membersRoute, editor, { params: { workspaceId } });
    expect(members.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner, 'owner'],
      [editor, 'editor'],
    ]);
    // An editor does not see pending invitations.
    expect(members.body.invitations).toEqual([]);
    expect(await listInvitations(workspaceId)).toEqual([]);

    const replayed = await call(acceptRoute, editor, { body: { token } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('invitation_invalid');
  });

  it('stores only the hash of the token', async () => {
    const owner = newUser();
    const workspaceId = await team(owner);
    const token = await invite(owner, workspaceId, newUser());
    const { Items = [] } = await db.send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(Items)).not.toContain(token);
  });

  it('works only for the email it was sent to, and then only once, whoever tries first', async () => {
    const owner = newUser();
    const invited = newUser();
    const other = newUser();
    const workspaceId = await team(owner);
    const token = await invite(owner, workspaceId, invited, 'reviewer');

    const byOther = await call(acceptRoute, other, { body: { token } });
    expect(byOther.status).toBe(400);
    expect(byOther.body).toEqual({
      error: `This invitation was sent to ${invited}@example.com. Sign in with that email address to accept it.`,
      code: 'invitation_invalid',
    });
    expect(await findMembership(workspaceId, other)).toBeNull();
    const answers = await Promise.all([1, 2, 3].map(() => call(acceptRoute, invited, { body: { token } })));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await findMembership(workspaceId, invited))?.role).toBe('reviewer');
  });

  it('refuses a revoked or an expired link, and a token that was never issued, joining no one', async () => {
    const owner = newUser();
    const late = newUser();
    const revoked = newUser();
    const workspaceId = await team(owner);
    const lateToken = await invite(owner, workspaceId, late);
    const revokedToken = await invite(owner, workspaceId, revoked);

    const [lateInvitation] = (await listInvitations(workspaceId)).filter((i) => i.email.startsWith(late));
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workspaceInvitation(workspaceId, lateInvitation!.invitationId),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const [revokedInvitation] = (await listInvitations(workspaceId)).filter((i) => i.email.startsWith(revoked));
    const revoking = await call(revokeRoute, owner, {
      params: { workspaceId, invitationId: revokedInvitation!.invitationId },
    });
    expect(revoking.status).toBe(204);
    expect(
      (await call(revokeRoute, owner, { params: { workspaceId, invitationId: revokedInvitation!.invitationId } })).body
        .code,
    ).toBe('invitation_not_found');

    for (const [userId, token] of [
      [late, lateToken],
      [revoked, revokedToken],
      [late, 'A'.repeat(43)],
    ] as const) {
      const refused = await call(acceptRoute, userId, { body: { token } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invitation_invalid');
      expect(await findMembership(workspaceId, userId)).toBeNull();
    }
  });

  it('lets only owners and admins invite, an admin only editors and reviewers, and never to a personal workspace', async () => {
    const owner = newUser();
    const admin = newUser();
    const editor = newUser();
    const workspaceId = await team(owner);
    await call(acceptRoute, admin, { body: { token: await invite(owner, workspaceId, admin, 'admin') } });
    await call(acceptRoute, editor, { body: { token: await invite(owner, workspaceId, editor, 'editor') } });

    const byEditor = await call(inviteRoute, editor, {
      params: { workspaceId },
      body: { email: 'someone@example.com', role: 'reviewer' },
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.code).toBe('role_forbidden');
    const adminByAdmin = await call(inviteRoute, admin, {
      params: { workspaceId },
      body: { email: 'someone@example.com', role: 'admin' },
    });
    expect(adminByAdmin.body.code).toBe('role_forbidden');
    const toMember = await call(inviteRoute, admin, {
      params: { workspaceId },
      body: { email: `${editor}@example.com`, role: 'reviewer' },
    });
    expect(toMember.status).toBe(409);
    expect(toMember.body.code).toBe('already_member');
    const personal = await call(inviteRoute, owner, {
      params: { workspaceId: owner },
      body: { email: 'someone@example.com', role: 'editor' },
    });
    expect(personal.status).toBe(400);
    expect(personal.body.code).toBe('personal_workspace');
    const badEmail = await call(inviteRoute, owner, {
      params: { workspaceId },
      body: { email: 'nope', role: 'editor' },
    });
    expect(badEmail.status).toBe(400);
    expect(await inbox.mailsTo('someone@example.com')).toEqual([]);
  });

  it("tells the workspace's managers who joined, and a removed member that they were removed, in the app and by email", async () => {
    const owner = newUser();
    const reviewer = newUser();
    const workspaceId = await team(owner);
    const { ensureAccount } = await import('#functions/services/account/accounts');
    await ensureAccount({ userId: owner, email: `${owner}@example.com` }, new Date());
    await call(acceptRoute, reviewer, { body: { token: await invite(owner, workspaceId, reviewer, 'reviewer') } });

    const ownerNotifications = await call(notificationsRoute, owner);
    expect(ownerNotifications.body).toMatchObject({
      unread: 1,
      notifications: [
        {
          kind: 'member_joined',
          text: `${reviewer}@example.com joined Harbour News as Reviewer.`,
          link: '/workspace',
          workspaceId,
          readAt: null,
        },
      ],
    });
    const joinedMail = await inbox.waitForMail(`${owner}@example.com`, (mail) => mail.subject.includes('joined'));
    expect(joinedMail.subject).toBe('A new member joined Harbour News');
    expect(joinedMail.text).toContain('http://localhost:3000/workspace');
    expect((await call(readRoute, owner)).status).toBe(204);
    expect((await call(notificationsRoute, owner)).body.unread).toBe(0);

    expect((await call(removeRoute, owner, { params: { workspaceId, userId: reviewer } })).status).toBe(204);
    expect((await call(notificationsRoute, reviewer)).body.notifications[0]).toMatchObject({
      kind: 'member_removed',
      text: 'You were removed from the workspace Harbour News.',
    });
    const removedMail = await inbox.waitForMail(`${reviewer}@example.com`, (mail) => mail.subject.includes('access'));
    expect(removedMail.subject).toBe('You no longer have access to Harbour News');
  });
});
