import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, signUp } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';

// Deleting an account through the real stack (cognito-local, the HTTP bridge, the same handlers):
// an admin's deletion leaves the admin counter right, so the last admin still cannot be demoted;
// a buyer's checkout fulfilment stays as an accounting record but no longer names the account, and
// a late delivery of the same paid session adds nothing and recreates nothing.

const FIRST_ADMIN = 'first-admin@example.com';
const SECOND_ADMIN = 'second-admin@example.com';
const PASSWORD = 'correct-horse-7';

let stack: StartedStack;

beforeAll(async () => {
  // The first admin email is the stack's own local admin, created at start with this password.
  stack = await startStack({ env: { ADMIN_EMAILS: `${FIRST_ADMIN},${SECOND_ADMIN}`, LOCAL_ADMIN_PASSWORD: PASSWORD } });
  // The test reads the stack's table directly (through the same repositories) to look behind the API.
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    APP_PUBLIC_URL: stack.url,
    ADMIN_EMAILS: `${FIRST_ADMIN},${SECOND_ADMIN}`,
  });
});
afterAll(async () => {
  await stack?.cleanup();
});

async function account(email: string) {
  if (email !== FIRST_ADMIN) await signUp(stack.url, email, PASSWORD);
  const token = (await signIn(stack.url, email, PASSWORD)).idToken;
  const me = await api(stack.url, '/api/me', { token });
  expect(me.status).toBe(200);
  return { email, token, userId: me.body.userId as string };
}

function deleteAccount(user: { email: string; token: string }) {
  return api(stack.url, '/api/me', { token: user.token, method: 'DELETE', body: { confirmEmail: user.email } });
}

describe('account deletion', () => {
  it('takes a deleted admin off the admin count: the remaining admin is the last one and cannot demote themself', async () => {
    const first = await account(FIRST_ADMIN);
    const second = await account(SECOND_ADMIN);
    expect((await api(stack.url, '/api/me/is-admin', { token: second.token })).body).toEqual({ isAdmin: true });

    expect((await deleteAccount(first)).status).toBe(204);

    const demotion = await api(stack.url, `/api/admin/users/${second.userId}/role`, {
      token: second.token,
      method: 'PUT',
      body: { role: 'user' },
    });
    expect(demotion).toEqual({
      status: 409,
      body: { error: 'The last admin cannot be demoted.', code: 'conflict' },
    });
    const { countAdmins } = await import('#functions/data/account-repository');
    expect(await countAdmins()).toBe(1);
  });

  it('takes an admin off the count only once when a deletion that crashed before removing the role runs again', async () => {
    const accounts = await import('#functions/data/account-repository');
    const { deleteUserItems } = await import('#functions/data/account-deletion-repository');
    const before = await accounts.countAdmins();
    await accounts.createRoleIfMissing('crashed-admin', 'admin', new Date().toISOString());
    expect(await accounts.countAdmins()).toBe(before + 1);

    // The first run took the admin off the count, then crashed; the second runs the whole step.
    await accounts.uncountAdminRoleOfDeletedAccount('crashed-admin');
    await accounts.uncountAdminRoleOfDeletedAccount('crashed-admin');
    await deleteUserItems('crashed-admin', 'ROLE');
    await accounts.forgetUncountedAdmin('crashed-admin');
    await accounts.uncountAdminRoleOfDeletedAccount('crashed-admin');

    expect(await accounts.countAdmins()).toBe(before);
  });

  it('takes an admin off the count once when they are demoted while their account is being deleted', async () => {
    const accounts = await import('#functions/data/account-repository');
    const { deleteUserItems } = await import('#functions/data/account-deletion-repository');
    const now = new Date().toISOString();
    await accounts.createRoleIfMissing('leaving-admin', 'admin', now);
    await accounts.createRoleIfMissing('staying-admin-1', 'admin', now);
    await accounts.createRoleIfMissing('staying-admin-2', 'admin', now);
    const before = await accounts.countAdmins();

    // The deletion has released the admin's seat but not yet removed the role item.
    await accounts.uncountAdminRoleOfDeletedAccount('leaving-admin');
    expect(await accounts.changeRole('leaving-admin', 'user', now)).toBe('unchanged');
    expect(await accounts.countAdmins()).toBe(before - 1);
    await deleteUserItems('leaving-admin', 'ROLE');
    await accounts.forgetUncountedAdmin('leaving-admin');
    expect(await accounts.countAdmins()).toBe(before - 1);

    // A demotion done first leaves nothing for the deletion to take off.
    expect(await accounts.changeRole('staying-admin-1', 'user', now)).toBe('updated');
    await accounts.uncountAdminRoleOfDeletedAccount('staying-admin-1');
    expect(await accounts.countAdmins()).toBe(before - 2);
    // And a demoted admin promoted again can be demoted again.
    expect(await accounts.changeRole('staying-admin-1', 'admin', now)).toBe('updated');
    expect(await accounts.changeRole('staying-admin-1', 'user', now)).toBe('updated');
    expect(await accounts.countAdmins()).toBe(before - 2);
  });

  it('keeps a deleted buyer’s fulfilment without their id; a late delivery of the session adds nothing', async () => {
    const buyer = await account('buyer@example.com');
    const packages = await api(stack.url, '/api/credit-packages', { token: buyer.token });
    const pack = (packages.body.packages as Array<{ id: string; credits: number }>).find((pkg) => pkg.credits === 100);
    const checkout = await api(stack.url, '/api/credits/checkout', {
      token: buyer.token,
      method: 'POST',
      body: { packageId: pack?.id },
    });
    const sessionId = new URL(checkout.body.url, stack.url).searchParams.get('session_id') ?? '';
    const paid = await api(stack.url, '/api/credits/test-checkout', {
      token: buyer.token,
      method: 'POST',
      body: { sessionId, packageId: pack?.id },
    });
    expect(paid).toEqual({ status: 200, body: { credits: 100 } });

    expect((await deleteAccount(buyer)).status).toBe(204);

    const { getFulfilment, fulfilPaidSession } = await import('#functions/data/payments-repository');
    const { countUserItems } = await import('#functions/data/account-deletion-repository');
    const kept = await getFulfilment(sessionId);
    expect(kept).toMatchObject({ sessionId, userId: null, packageId: pack?.id, credits: 100 });
    const late = await fulfilPaidSession(
      { sessionId, userId: buyer.userId, packageId: pack?.id ?? '', credits: 100 },
      new Date(),
    );
    expect(late).toEqual({ added: false });
    expect(await countUserItems(buyer.userId)).toBe(0);
  });

  it('deletes every kind of item the account holds, and its public page is gone', async () => {
    const leaver = await account('everything@example.com');
    const { db, tableName } = await import('#functions/data/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#functions/data/keys');
    const { putPublicThreadEntry, findPublicThread } = await import('#functions/data/public-thread-repository');
    const { countUserItems } = await import('#functions/data/account-deletion-repository');
    const { seededThread } = await import('../../helpers/seed-threads');
    const thread = seededThread(leaver.userId, 1, { id: '77777777-7777-4777-8777-777777777777' });
    await putPublicThreadEntry(thread, 'public-everything', 'https://news.example.com/harbour');
    // One of each kind the deletion names no prefix for: feeds and inbox, readings and insights, plugs…
    const kinds = [
      keys.feed(leaver.userId, 'feed-1'),
      keys.feedSettings(leaver.userId),
      keys.inboxItem(leaver.userId, 'feed-1', 'entry-1'),
      keys.engagementReading(leaver.userId, thread.id, 'mastodon', '1h'),
      keys.threadInsight(leaver.userId, thread.id),
      keys.engagementDay(leaver.userId, '2026-11-28'),
      keys.plug(leaver.userId, thread.id, 'mastodon'),
      keys.keptExtraction(leaver.userId, 'url-hash'),
    ];
    for (const key of kinds) await db.send(new PutCommand({ TableName: tableName(), Item: { ...key } }));
    expect(await findPublicThread('public-everything')).not.toBeNull();

    expect((await deleteAccount(leaver)).status).toBe(204);

    expect(await countUserItems(leaver.userId)).toBe(0);
    expect(await findPublicThread('public-everything')).toBeNull();
  });
});
