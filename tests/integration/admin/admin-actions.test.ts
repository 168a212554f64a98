import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer, type RouteHandler, type RouteRequest } from '../../helpers/route-call';
import { securityEventDetails } from '../../helpers/security-events';
import { startTestTable } from '../../helpers/test-table';

// secure-admin-action refresh_admin_credits, the is_admin check behind the header's Admin Portal
// entry, and the credit package list of the Settings page.

const table = await startTestTable();
const { createRoleIfMissing } = await import('#functions/data/account-repository');
const { consumeCreditForThread, getCredits, listLedgerForUser, recordLedgerEntry } = await import(
  '#functions/data/credits-repository'
);
const { seedCreditPackagesIfMissing } = await import('#functions/data/payments-repository');
const { auditCreditBalances } = await import('#functions/services/credits/audit');
const { ensureAccount } = await import('#functions/services/account/accounts');
const actionRoute = (await import('#functions/http/admin/post-admin-action')).handler;
const roleRoute = (await import('#functions/http/admin/put-user-role')).handler;
const settingsRoute = (await import('#functions/http/admin/get-admin-settings')).handler;
const packagesRoute = (await import('#functions/http/payments/get-credit-packages')).handler;
const isAdminRoute = (await import('#functions/http/admin/get-is-admin')).handler;

afterAll(() => table.stop());

const USER_AGENT = 'admin actions test';

function as(userId: string, route: RouteHandler, request: RouteRequest = {}, path = '/api/admin/actions') {
  const email = userId === 'boss' ? 'admin@example.com' : `${userId}@example.com`;
  return callRoute(route, { userId, email }, request, { path, method: 'POST', userAgent: USER_AGENT });
}

/** One generation's charge and its usage entry, as the generation worker writes them. */
async function spend(userId: string, threadId: string) {
  expect(await consumeCreditForThread(userId, threadId)).toBe('charged');
  await recordLedgerEntry({
    id: `usage-${threadId}`,
    userId,
    type: 'usage',
    amount: -1,
    description: 'Thread generated',
    createdAt: new Date(Date.now() - 1000).toISOString(),
    threadId,
  });
}

beforeAll(async () => {
  const now = new Date();
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, now);
  await ensureAccount({ userId: 'deputy', email: 'deputy@example.com' }, now);
  await ensureAccount({ userId: 'pleb', email: 'pleb@example.com' }, now);
  expect((await as('boss', roleRoute, { params: { userId: 'deputy' }, body: { role: 'admin' } })).status).toBe(200);
  // An admin whose account has no balance yet (it gets one, with 100 free, at first use).
  await createRoleIfMissing('newcomer', 'admin', now.toISOString());
  for (const thread of ['t1', 't2', 't3']) await spend('boss', thread);
  await spend('deputy', 't4');
  await spend('pleb', 't5');
});

describe('refresh_admin_credits', () => {
  it("sets every admin's free credits to 100 with one ledger entry each, leaving other users alone", async () => {
    const plebBefore = await getCredits('pleb');
    const plebLedger = await listLedgerForUser('pleb');

    const refreshed = await as('boss', actionRoute, { body: { action: 'refresh_admin_credits' } });

    expect(refreshed).toEqual({ status: 200, body: { message: 'Free credits set to 100 for 2 admins.' } });
    expect((await getCredits('boss'))?.freeCredits).toBe(100);
    expect((await getCredits('deputy'))?.freeCredits).toBe(100);
    expect(await getCredits('newcomer')).toBeNull();
    expect(await getCredits('pleb')).toEqual(plebBefore);
    expect(await listLedgerForUser('pleb')).toEqual(plebLedger);
    const bossRefresh = (await listLedgerForUser('boss')).filter(
      (entry) => entry.description === 'Admin credit refresh',
    );
    const deputyRefresh = (await listLedgerForUser('deputy')).filter(
      (entry) => entry.description === 'Admin credit refresh',
    );
    expect(bossRefresh.map((entry) => [entry.type, entry.amount])).toEqual([['free_monthly', 3]]);
    expect(deputyRefresh.map((entry) => [entry.type, entry.amount])).toEqual([['free_monthly', 1]]);
    expect(await securityEventDetails('boss', 'admin_credits_refreshed')).toEqual([
      expect.objectContaining({ changed: 2, unchanged: 0, 'no-balance': 1, userAgent: USER_AGENT }),
    ]);
    expect((await auditCreditBalances()).differences).toEqual([]);
  });

  it('run again adds no entry for admins already at 100, and one for an admin who spent since', async () => {
    const deputyLedger = (await listLedgerForUser('deputy')).length;
    await spend('boss', 't6');
    const bossLedger = (await listLedgerForUser('boss')).length;

    const again = await as('boss', actionRoute, { body: { action: 'refresh_admin_credits' } });

    expect(again.status).toBe(200);
    expect((await getCredits('boss'))?.freeCredits).toBe(100);
    expect(await listLedgerForUser('boss')).toHaveLength(bossLedger + 1);
    const refreshes = (await listLedgerForUser('boss')).filter((entry) => entry.description === 'Admin credit refresh');
    expect(refreshes.map((entry) => entry.amount)).toEqual([1, 3]);
    expect(await listLedgerForUser('deputy')).toHaveLength(deputyLedger);
    const thirdRun = await as('boss', actionRoute, { body: { action: 'refresh_admin_credits' } });
    expect(thirdRun.status).toBe(200);
    expect(await listLedgerForUser('boss')).toHaveLength(bossLedger + 1);
    expect((await auditCreditBalances()).differences).toEqual([]);
  });

  it('refuses an unknown action, a forged target and a regular user, changing nothing', async () => {
    await spend('deputy', 't7');
    const before = await getCredits('deputy');
    const refused: RouteAnswer[] = [
      await as('boss', actionRoute, { body: { action: 'drop_all_credits' } }),
      await as('boss', actionRoute, { body: { action: 'refresh_admin_credits', userId: 'pleb' } }),
      await as('boss', actionRoute, {}),
    ];
    for (const answer of refused) expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await as('pleb', actionRoute, { body: { action: 'refresh_admin_credits' } })).toMatchObject({
      status: 403,
      body: { code: 'admin_required' },
    });
    expect(await getCredits('deputy')).toEqual(before);
  });
});

describe('is_admin', () => {
  it('answers from the stored role for any signed-in user, each check recorded with its user agent', async () => {
    const pathOf = '/api/me/is-admin';
    const before = (await securityEventDetails('pleb', 'admin_access_check_failed')).length;

    expect(await as('boss', isAdminRoute, {}, pathOf)).toEqual({ status: 200, body: { isAdmin: true } });
    expect(await as('pleb', isAdminRoute, {}, pathOf)).toEqual({ status: 200, body: { isAdmin: false } });
    // A role change shows on the very next check.
    await as('boss', roleRoute, { params: { userId: 'deputy' }, body: { role: 'user' } });
    expect(await as('deputy', isAdminRoute, {}, pathOf)).toEqual({ status: 200, body: { isAdmin: false } });

    const plebChecks = (await securityEventDetails('pleb', 'admin_access_check_failed')).slice(before);
    expect(plebChecks).toEqual([
      expect.objectContaining({ success: false, userId: 'pleb', userAgent: USER_AGENT, route: `POST ${pathOf}` }),
    ]);
    expect(await securityEventDetails('boss', 'admin_access_check')).toContainEqual(
      expect.objectContaining({ success: true, userId: 'boss', route: `POST ${pathOf}` }),
    );
  });
});

describe('the Settings credit package list', () => {
  it('lists every package, active or not, by sort order, while /credits offers only the active ones', async () => {
    await as('pleb', packagesRoute, {}, '/api/credit-packages');
    await seedCreditPackagesIfMissing([
      { id: 'retired', name: 'Retired Pack', credits: 7, priceCents: 99, isActive: false, sortOrder: 99 },
    ]);

    const settings = await as('boss', settingsRoute, {}, '/api/admin/settings');
    const offered = await as('pleb', packagesRoute, {}, '/api/credit-packages');

    expect(settings.status).toBe(200);
    const packages = settings.body.packages as Array<{ id: string; sortOrder: number; isActive: boolean }>;
    expect(packages.length).toBeGreaterThanOrEqual(5);
    expect(packages.map((pkg) => pkg.sortOrder)).toEqual(
      [...packages.map((pkg) => pkg.sortOrder)].sort((a, b) => a - b),
    );
    expect(packages.at(-1)).toEqual({
      id: 'retired',
      name: 'Retired Pack',
      credits: 7,
      priceCents: 99,
      isActive: false,
      sortOrder: 99,
    });
    expect(packages).toContainEqual(expect.objectContaining({ credits: 100, isActive: true }));
    expect(offered.body.packages.map((pkg: { id: string }) => pkg.id)).not.toContain('retired');
    expect(offered.body.packages).toHaveLength(packages.length - 1);
  });
});
