/**
 * A caller's access to a workspace, decided from their membership item: what every workspace-scoped
 * route checks with its first read (functions/services/account/deleted-accounts.ts), kept apart from
 * the workspace services so every route's bundle carries only this.
 */
import { workspaceMessages } from '#shared/messages/workspaces';
import {
  isTeamWorkspaceId,
  roleAllows,
  type WorkspaceAccess,
  type WorkspacePermission,
  type WorkspaceRole,
} from '#shared/workspaces/roles';
import type { MembershipRecord } from '../../data/workspace-repository';
import { ForbiddenError } from '../../lib/errors';

export class WorkspaceAccessDeniedError extends ForbiddenError {
  constructor() {
    super(workspaceMessages.accessDenied, 'workspace_access_denied');
  }
}

export class RoleForbiddenError extends ForbiddenError {
  constructor(role: WorkspaceRole, permission: WorkspacePermission) {
    super(workspaceMessages.roleForbidden(role, permission), 'role_forbidden');
  }
}

/**
 * The caller's access to a workspace given their membership item (read with the request's first
 * read): a personal workspace is its own user's alone, and owned by them; a team's needs a membership.
 * Refuses a non-member (403 `workspace_access_denied`, the same for a workspace that does not exist)
 * and a role without the permission (403 `role_forbidden`).
 */
export function accessFrom(
  workspaceId: string,
  userId: string,
  membership: MembershipRecord | null,
  permission: WorkspacePermission,
): WorkspaceAccess {
  const role: WorkspaceRole | null = isTeamWorkspaceId(workspaceId)
    ? (membership?.role ?? null)
    : workspaceId === userId
      ? 'owner'
      : null;
  if (!role) throw new WorkspaceAccessDeniedError();
  if (!roleAllows(role, permission)) throw new RoleForbiddenError(role, permission);
  return { workspaceId, role };
}
