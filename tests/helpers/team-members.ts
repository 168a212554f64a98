import type { WorkspaceRole } from '#shared/workspaces/roles';

/** A team workspace as tests name it. */
interface Team {
  id: string;
  name: string;
}

/**
 * Makes `userId` a member of the team with this role, written as accepting an invitation writes it
 * (invitations have their own tests). The address is `<userId>@example.com` unless given. Imported
 * late, as the tests import the repositories, after the table's environment is set.
 */
export async function addTeamMember(
  team: Team,
  userId: string,
  role: WorkspaceRole,
  options: { email?: string; joinedAt?: Date } = {},
): Promise<void> {
  const { addMember } = await import('#functions/data/workspace-repository');
  await addMember({
    workspaceId: team.id,
    workspaceName: team.name,
    personal: false,
    userId,
    email: options.email ?? `${userId}@example.com`,
    role,
    joinedAt: (options.joinedAt ?? new Date()).toISOString(),
  });
}
