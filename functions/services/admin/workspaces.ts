import { creditView } from '#shared/credits';
import {
  ADMIN_WORKSPACE_MEMBERS_LIMIT,
  ADMIN_WORKSPACES_PAGE_SIZE,
  type AdminWorkspace,
  type AdminWorkspacesPage,
} from '#shared/schemas/admin';
import { getCredits } from '../../data/credits-repository';
import { decodeAdminCursor, encodeAdminCursor } from '../../data/cursor';
import { keys } from '../../data/keys';
import { getThreadActivity } from '../../data/thread-repository';
import {
  findMembership,
  listFirstMembers,
  listTeamWorkspaces,
  type WorkspaceRecord,
} from '../../data/workspace-repository';

const WORKSPACE_PAGE_KEY = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;

/** One team workspace with its members, balance and thread activity (its reads run side by side). */
async function describeWorkspace(workspace: WorkspaceRecord, now: Date): Promise<AdminWorkspace> {
  const [{ members, total }, credits, activity] = await Promise.all([
    listFirstMembers(workspace.id, ADMIN_WORKSPACE_MEMBERS_LIMIT),
    getCredits(workspace.id),
    getThreadActivity(workspace.id),
  ]);
  // Beyond the first members listed, the creator's own item is read.
  const creator =
    members.find((member) => member.userId === workspace.createdBy) ??
    (total > members.length ? await findMembership(workspace.id, workspace.createdBy) : null);
  const balance = creditView(credits, now);
  return {
    id: workspace.id,
    name: workspace.name,
    createdAt: workspace.createdAt,
    createdByEmail: creator?.email || null,
    members: members.map((member) => ({ email: member.email, role: member.role })),
    memberCount: total,
    balance: { freeCredits: balance.freeCredits, paidCredits: balance.paidCredits, usedCredits: balance.usedCredits },
    threadCount: activity.threadCount,
    lastThreadAt: activity.lastThreadAt,
  };
}

/** The back office's Workspaces page: 20 team workspaces a page, newest first (personal ones are never listed). */
export async function listAdminWorkspaces(cursor: string | undefined, now: Date): Promise<AdminWorkspacesPage> {
  const startKey = cursor
    ? decodeAdminCursor(cursor, WORKSPACE_PAGE_KEY, { name: 'gsi2pk', value: keys.workspacesListingPartition })
    : undefined;
  const page = await listTeamWorkspaces(ADMIN_WORKSPACES_PAGE_SIZE, startKey);
  return {
    workspaces: await Promise.all(page.workspaces.map((workspace) => describeWorkspace(workspace, now))),
    nextCursor: page.nextKey ? encodeAdminCursor(page.nextKey) : null,
  };
}
