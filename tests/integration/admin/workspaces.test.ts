import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { seededThread } from '../../helpers/seed-threads';
import { addTeamMember } from '../../helpers/team-members';
import { startTestTable } from '../../helpers/test-table';

// The back office's Workspaces page: every team workspace (never a personal one), newest first, 20 a
// page, with its creator, members, balance and thread activity; only for admins.

const table = await startTestTable();
const { ensureAccount } = await import('#functions/services/account/accounts');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
const { putThread } = await import('#functions/data/thread-repository');
const { consumeCreditForThread } = await import('#functions/data/credits-repository');
const { fulfilPaidSession } = await import('#functions/data/payments-repository');
const workspacesRoute = (await import('#functions/http/admin/get-admin-workspaces')).handler;

afterAll(() => table.stop());

const day = (date: number, hour = 9) => new Date(Date.UTC(2026, 1, date, hour));

const call = (userId: string, request: RouteRequest = {}): Promise<RouteAnswer> =>
  callRoute(workspacesRoute, { userId }, request, { path: '/api/admin/workspaces', userAgent: 'workspaces test' });

let newsroomId = '';
let agencyId = '';
const agencyThreads = [seededThread('agency', 1), seededThread('agency', 2), seededThread('agency', 3)];

beforeAll(async () => {
  // admin@example.com is in ADMIN_EMAILS (see startTestTable).
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, day(1));
  await ensureAccount({ userId: 'ana', email: 'Ana@Agency.example' }, day(1));
  await ensureAccount({ userId: 'ben', email: 'ben@agency.example' }, day(1));
  await ensureAccount({ userId: 'nora', email: 'nora@news.example' }, day(1));

  newsroomId = (await createTeamWorkspace({ userId: 'nora', email: 'nora@news.example' }, 'Newsroom', day(2))).id;
  agencyId = (await createTeamWorkspace({ userId: 'ana', email: 'Ana@Agency.example' }, 'Agency', day(3))).id;
  await addTeamMember({ id: agencyId, name: 'Agency' }, 'ben', 'editor', {
    email: 'ben@agency.example',
    joinedAt: day(4),
  });
  for (const thread of agencyThreads) await putThread({ ...thread, userId: agencyId });
  await fulfilPaidSession({ sessionId: 'cs_agency_1', userId: agencyId, packageId: 'pro', credits: 50 }, day(5));
  expect(await consumeCreditForThread(agencyId, agencyThreads[0]!.id)).toBe('charged');
});

describe('the admin workspaces listing', () => {
  it('shows each team workspace, newest first, with its creator, members, balance and activity', async () => {
    const response = await call('boss');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      workspaces: [
        {
          id: agencyId,
          name: 'Agency',
          createdAt: day(3).toISOString(),
          createdByEmail: 'ana@agency.example',
          members: expect.arrayContaining([
            { email: 'ana@agency.example', role: 'owner' },
            { email: 'ben@agency.example', role: 'editor' },
          ]),
          memberCount: 2,
          balance: { freeCredits: 0, paidCredits: 49, usedCredits: 1 },
          threadCount: 3,
          lastThreadAt: agencyThreads[2]!.createdAt,
        },
        {
          id: newsroomId,
          name: 'Newsroom',
          createdAt: day(2).toISOString(),
          createdByEmail: 'nora@news.example',
          members: [{ email: 'nora@news.example', role: 'owner' }],
          memberCount: 1,
          balance: { freeCredits: 0, paidCredits: 0, usedCredits: 0 },
          threadCount: 0,
          lastThreadAt: null,
        },
      ],
      nextCursor: null,
    });
    expect(response.body.workspaces[0].members).toHaveLength(2);
  });

  it('refuses a regular user with 403 admin_required and lists nothing', async () => {
    const response = await call('ana');

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'admin_required' });
    expect(response.body.workspaces).toBeUndefined();
  });

  it('pages 20 workspaces at a time with a cursor, never listing personal workspaces', async () => {
    // 20 more teams, newer than the two above, made by two owners (each may belong to 20 workspaces).
    for (let index = 0; index < 20; index += 1) {
      const owner =
        index < 10 ? { userId: 'pia', email: 'pia@example.com' } : { userId: 'pol', email: 'pol@example.com' };
      await createTeamWorkspace(owner, `Team ${String(index).padStart(2, '0')}`, day(10, index));
    }

    const first = await call('boss');
    const second = await call('boss', { query: { cursor: first.body.nextCursor } });

    expect(first.body.workspaces).toHaveLength(20);
    expect(first.body.workspaces[0].name).toBe('Team 19');
    expect(first.body.workspaces[19].name).toBe('Team 00');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(second.body.workspaces.map((workspace: { name: string }) => workspace.name)).toEqual(['Agency', 'Newsroom']);
    expect(second.body.nextCursor).toBeNull();
    const listedIds = [...first.body.workspaces, ...second.body.workspaces].map((workspace) => workspace.id);
    expect(listedIds.every((id: string) => id.startsWith('ws_'))).toBe(true);
  });

  it('lists the first 50 members of a large team with the count of them all, and its creator beyond them', async () => {
    // The creator's user id sorts after every member's, so their item is not among the first 50 read.
    const crowdId = (await createTeamWorkspace({ userId: 'zed', email: 'zed@crowd.example' }, 'Crowd', day(20))).id;
    for (let index = 0; index < 54; index += 1)
      await addTeamMember({ id: crowdId, name: 'Crowd' }, `reader-${String(index).padStart(2, '0')}`, 'reviewer', {
        email: `reader${index}@crowd.example`,
        joinedAt: day(21),
      });

    const crowd = (await call('boss')).body.workspaces[0];

    expect(crowd.name).toBe('Crowd');
    expect(crowd.members).toHaveLength(50);
    expect(crowd.members[0]).toEqual({ email: 'reader0@crowd.example', role: 'reviewer' });
    expect(crowd.memberCount).toBe(55);
    expect(crowd.createdByEmail).toBe('zed@crowd.example');
  });

  it('refuses a cursor of another listing with 400', async () => {
    const forged = Buffer.from(
      JSON.stringify({ pk: 'USER#boss', sk: 'PROFILE', gsi2pk: 'THREADS', gsi2sk: 'x' }),
    ).toString('base64url');

    const response = await call('boss', { query: { cursor: forged } });

    expect(response.status).toBe(400);
    expect(response.body.workspaces).toBeUndefined();
  });
});
