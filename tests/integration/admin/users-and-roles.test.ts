import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { securityEventDetails } from '../../helpers/security-events';
import { startTestTable } from '../../helpers/test-table';

// The Users page's API: the listing, role changes that apply on the user's next request, the last
// admin that cannot be demoted (even by two admins demoting each other at once), and bad input.

const table = await startTestTable();
const accounts = await import('#functions/data/account-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const usersRoute = (await import('#functions/http/admin/get-admin-users')).handler;
const roleRoute = (await import('#functions/http/admin/put-user-role')).handler;
const accessRoute = (await import('#functions/http/admin/get-admin-access')).handler;

afterAll(() => table.stop());

type Route = typeof usersRoute;

function call(route: Route, userId: string, request: RouteRequest = {}): Promise<RouteAnswer> {
  return callRoute(route, { userId }, request, { path: '/api/admin/users', userAgent: 'users test' });
}

const setRole = (actor: string, userId: string, role: string) =>
  call(roleRoute, actor, { params: { userId }, body: { role } });

beforeAll(async () => {
  // admin@example.com is in ADMIN_EMAILS (see startTestTable): the first admin.
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date(Date.UTC(2026, 0, 1)));
  for (let index = 0; index < 105; index += 1) {
    await ensureAccount(
      { userId: `member-${String(index).padStart(3, '0')}`, email: `member${index}@example.com` },
      new Date(Date.UTC(2026, 0, 2, 0, index)),
    );
  }
});

describe('the admin users listing', () => {
  it('pages 100 users newest first, with username, role, credits and joined date', async () => {
    const first = await call(usersRoute, 'boss');
    const second = await call(usersRoute, 'boss', { query: { cursor: first.body.nextCursor } });

    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(100);
    expect(first.body.users[0]).toEqual({
      id: 'member-104',
      username: 'member104',
      role: 'user',
      totalCredits: expect.any(Number),
      usedCredits: 0,
      createdAt: '2026-01-02T01:44:00.000Z',
    });
    expect(second.body.users.map((user: { id: string }) => user.id)).toEqual([
      'member-004',
      'member-003',
      'member-002',
      'member-001',
      'member-000',
      'boss',
    ]);
    expect(second.body.users.at(-1).role).toBe('admin');
    expect(second.body.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor with 400 and reads nothing', async () => {
    const forged = Buffer.from(
      JSON.stringify({ pk: 'USER#boss', sk: 'PROFILE', gsi1pk: 'THREADS', gsi1sk: 'x' }),
    ).toString('base64url');

    const response = await call(usersRoute, 'boss', { query: { cursor: forged } });

    expect(response.status).toBe(400);
    expect(response.body.users).toBeUndefined();
  });
});

describe('role changes', () => {
  it('apply on the user’s next request, both ways', async () => {
    expect((await call(accessRoute, 'member-010')).status).toBe(403);

    expect(await setRole('boss', 'member-010', 'admin')).toEqual({
      status: 200,
      body: { userId: 'member-010', role: 'admin' },
    });
    expect((await call(accessRoute, 'member-010')).status).toBe(200);
    expect((await call(usersRoute, 'member-010')).status).toBe(200);

    expect((await setRole('boss', 'member-010', 'user')).status).toBe(200);
    expect((await call(accessRoute, 'member-010')).status).toBe(403);
    expect(await securityEventDetails('boss', 'user_role_updated')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ targetUserId: 'member-010', role: 'user', outcome: 'updated' }),
      ]),
    );
  });

  it('never demote the last admin, even when two admins demote each other at once', async () => {
    expect((await setRole('boss', 'member-020', 'admin')).status).toBe(200);
    expect(await accounts.countAdmins()).toBe(2);

    const [one, other] = await Promise.all([
      setRole('boss', 'member-020', 'user'),
      setRole('member-020', 'boss', 'user'),
    ]);

    expect([one.status, other.status].sort()).toEqual([200, 409]);
    expect(await accounts.countAdmins()).toBe(1);
    const admins = [await accounts.getRole('boss'), await accounts.getRole('member-020')].filter(
      (role) => role === 'admin',
    );
    expect(admins).toHaveLength(1);
    const lastAdmin = (await accounts.getRole('boss')) === 'admin' ? 'boss' : 'member-020';
    const refused = await setRole(lastAdmin, lastAdmin, 'user');
    expect(refused).toEqual({ status: 409, body: { error: 'The last admin cannot be demoted.', code: 'conflict' } });
    expect(await accounts.getRole(lastAdmin)).toBe('admin');
    expect(await securityEventDetails(lastAdmin, 'user_role_update_failed')).toEqual(
      expect.arrayContaining([expect.objectContaining({ outcome: 'last_admin' })]),
    );
    // Whoever is left promotes the other back, so later tests have 'boss' as admin.
    if (lastAdmin !== 'boss') expect((await setRole(lastAdmin, 'boss', 'admin')).status).toBe(200);
  });

  it('refuse a forged body, an unknown role and an unknown user with a 4xx, changing nothing', async () => {
    const forged = await call(roleRoute, 'boss', {
      params: { userId: 'member-030' },
      body: { role: 'admin', userId: 'member-031' },
    });
    const unknownRole = await setRole('boss', 'member-030', 'owner');
    const unknownUser = await setRole('boss', 'nobody-at-all', 'admin');

    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('invalid_request');
    expect(unknownRole.status).toBe(400);
    expect(unknownUser).toEqual({ status: 404, body: { error: 'User not found', code: 'not_found' } });
    expect(await accounts.getRole('member-030')).toBe('user');
    expect(await accounts.getRole('member-031')).toBe('user');
    expect(await accounts.getRole('nobody-at-all')).toBeNull();
    expect(await securityEventDetails('boss', 'user_role_update_failed')).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetUserId: 'nobody-at-all', outcome: 'not_found' })]),
    );
  });
});
