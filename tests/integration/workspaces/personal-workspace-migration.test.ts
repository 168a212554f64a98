import { afterAll, describe, expect, it } from 'vitest';
import type { MigratedUser } from '#scripts/migrations/create-personal-workspaces';
import { callRoute } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';
import {
  seedUserBeforeWorkspaces,
  threadItemsOf,
  type UserBeforeWorkspaces,
} from '../../helpers/users-before-workspaces';

const table = await startTestTable();
const { createPersonalWorkspaces, describePersonalWorkspacesReport } = await import(
  '#scripts/migrations/create-personal-workspaces'
);
const { findWorkspace, listMembershipsOfUser } = await import('#functions/data/workspace-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const { layAccountTombstone } = await import('#functions/data/account-deletion-repository');
const { handler: listWorkspacesRoute } = await import('#functions/http/workspaces/list-workspaces');

afterAll(() => table.stop());

// The walk covers every user of the table, so each test seeds its own users after the earlier tests' ones.
let seeded = 0;
async function seedUsers(count: number, threads: number): Promise<UserBeforeWorkspaces[]> {
  const users: UserBeforeWorkspaces[] = [];
  for (let i = 0; i < count; i += 1) {
    seeded += 1;
    users.push(await seedUserBeforeWorkspaces(`before-${String(seeded).padStart(3, '0')}`, seeded, threads));
  }
  return users;
}

/** Runs the migration, collecting what it did with each user. */
async function migrate(options: { pageSize?: number; signal?: AbortSignal; onUser?: (user: MigratedUser) => void }) {
  const outcomes = new Map<string, MigratedUser['outcome']>();
  const report = await createPersonalWorkspaces({
    pageSize: options.pageSize,
    signal: options.signal,
    report: (user) => {
      outcomes.set(user.userId, user.outcome);
      options.onUser?.(user);
    },
  });
  return { report, outcomes };
}

async function expectOnlyTheirPersonalWorkspace(user: UserBeforeWorkspaces) {
  const memberships = await listMembershipsOfUser(user.userId);
  expect(memberships).toEqual([
    expect.objectContaining({ workspaceId: user.userId, personal: true, role: 'owner', email: user.email }),
  ]);
  expect(await findWorkspace(user.userId)).toMatchObject({ id: user.userId, personal: true, owners: 1 });
}

describe('the personal-workspace migration', () => {
  it('gives every user one personal workspace they own, leaves their threads as they were, and creates nothing the second time', async () => {
    const users = await seedUsers(7, 3);
    const threadsBefore = await Promise.all(users.map((user) => threadItemsOf(user.userId)));

    const first = await migrate({ pageSize: 3 });
    const second = await migrate({ pageSize: 3 });

    expect(first.report).toMatchObject({
      resumed: false,
      finished: true,
      itemsCopied: 0,
      run: { usersSeen: 7, created: 7, alreadyThere: 0, accountsDeleted: 0 },
    });
    expect(second.report).toMatchObject({
      resumed: false,
      finished: true,
      run: { usersSeen: 7, created: 0, alreadyThere: 7 },
    });
    expect([...second.outcomes.values()].every((outcome) => outcome === 'already_there')).toBe(true);
    expect(describePersonalWorkspacesReport(second.report).join('\n')).toMatch(
      /7 user\(s\) seen, 0 personal workspace\(s\) created, 7 already there[\s\S]*0 items copied: each user's threads, connections and other items stayed in place/,
    );
    for (const [index, user] of users.entries()) {
      await expectOnlyTheirPersonalWorkspace(user);
      expect(await threadItemsOf(user.userId)).toEqual(threadsBefore[index]);
    }
    // Listed by the route before it could make one itself: the migration's workspace, owned.
    const listed = await callRoute(listWorkspacesRoute, { userId: users[0]!.userId });
    expect(listed).toMatchObject({
      status: 200,
      body: { workspaces: [{ id: users[0]!.userId, name: 'Personal', personal: true, role: 'owner' }] },
    });
  });

  it('stopped by its signal mid-way, keeps its progress; the next run resumes after the last user done and makes each workspace once', async () => {
    const users = await seedUsers(10, 2);
    const newIds = new Set(users.map((user) => user.userId));
    const stop = new AbortController();
    let createdBeforeStop = 0;

    const interrupted = await migrate({
      pageSize: 4,
      signal: stop.signal,
      onUser: (user) => {
        if (user.outcome === 'created' && ++createdBeforeStop === 4) stop.abort();
      },
    });
    const resumed = await migrate({ pageSize: 4 });
    const again = await migrate({ pageSize: 4 });

    expect(interrupted.report).toMatchObject({ resumed: false, finished: false, run: { created: 4 } });
    expect(resumed.report).toMatchObject({
      resumed: true,
      finished: true,
      run: { created: 6, alreadyThere: 0 },
      walk: { usersSeen: 17, created: 10, alreadyThere: 7 },
    });
    expect(describePersonalWorkspacesReport(resumed.report)[0]).toMatch(
      /^personal workspaces: resumed an unfinished walk;/,
    );
    // No user walked twice: the resumed run began right after the last user the stopped one finished.
    const walkedTwice = [...resumed.outcomes.keys()].filter((userId) => interrupted.outcomes.has(userId));
    expect(walkedTwice).toEqual([]);
    const created = [...interrupted.outcomes, ...resumed.outcomes]
      .filter(([, outcome]) => outcome === 'created')
      .map(([userId]) => userId);
    expect(created.sort()).toEqual([...newIds].sort());
    expect(again.report).toMatchObject({ resumed: false, run: { usersSeen: 17, created: 0, alreadyThere: 17 } });
    for (const user of users) await expectOnlyTheirPersonalWorkspace(user);
  });

  it('counts a user who got theirs at sign-in as already there, and adds nothing to an account being deleted', async () => {
    const [signedIn, leaving] = await seedUsers(2, 1);
    await ensureAccount(signedIn!, new Date('2026-11-01T10:00:00Z'));
    const now = new Date();
    await layAccountTombstone(leaving!.userId, now, new Date(now.getTime() + 86_400_000));

    const { report, outcomes } = await migrate({});

    expect(outcomes.get(signedIn!.userId)).toBe('already_there');
    expect(outcomes.get(leaving!.userId)).toBe('account_deleted');
    expect(report.run).toMatchObject({ created: 0, accountsDeleted: 1 });
    await expectOnlyTheirPersonalWorkspace(signedIn!);
    expect(await findWorkspace(leaving!.userId)).toBeNull();
    expect(await listMembershipsOfUser(leaving!.userId)).toEqual([]);
  });
});
