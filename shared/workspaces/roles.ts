/**
 * What each member of a workspace may do. The server enforces it on every route (each route names
 * the permission it needs in functions/manifest.ts) and the web app shows only what the member's role
 * allows, from this same table.
 */

export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'reviewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_PERMISSIONS = [
  /** See the workspace's threads, connections, queue, scheduled items, feeds and insights. */
  'read',
  /** Comment on a thread's posts. */
  'comment',
  /** Create, edit and delete threads; follow feeds; schedule and queue; publish where no approval is required. */
  'write',
  /** Approve a thread or request changes. */
  'review',
  /** Connect and disconnect platform accounts. */
  'connections',
  /** Invite, remove and change the role of members; the workspace's settings (approval). */
  'members',
  /** Buy credits for the workspace; delete it; transfer its ownership. */
  'billing',
] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

const permissionsOf: Record<WorkspaceRole, readonly WorkspacePermission[]> = {
  owner: WORKSPACE_PERMISSIONS,
  admin: ['read', 'comment', 'write', 'review', 'connections', 'members'],
  editor: ['read', 'comment', 'write'],
  reviewer: ['read', 'comment', 'review'],
};

export function roleAllows(role: WorkspaceRole, permission: WorkspacePermission): boolean {
  return permissionsOf[role].includes(permission);
}

/** The roles a member may give (or take away) through `members`: an admin manages editors and reviewers only. */
export function rolesManageableBy(role: WorkspaceRole): readonly WorkspaceRole[] {
  if (role === 'owner') return WORKSPACE_ROLES;
  if (role === 'admin') return ['editor', 'reviewer'];
  return [];
}

/** The label each role has in the app. */
export const roleLabels: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  reviewer: 'Reviewer',
};

/** A team workspace's id: the prefix tells it from a personal workspace, whose id is its user's. */
export const TEAM_WORKSPACE_PREFIX = 'ws_';

export function isTeamWorkspaceId(workspaceId: string): boolean {
  return workspaceId.startsWith(TEAM_WORKSPACE_PREFIX);
}

/** A caller's place in the workspace a request acts in, as the server established it. */
export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
}

/** The request header naming the workspace a request acts in (a route with `{workspaceId}` in its path uses that). */
export const WORKSPACE_HEADER = 'x-workspace-id';
