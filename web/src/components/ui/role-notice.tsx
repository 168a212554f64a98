import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspacePermission } from '#shared/workspaces/roles';
import { useWorkspacePermission } from '#web/lib/get-workspaces';

/** Says, where a control is off, that the user's role in the current team workspace does not allow it. */
export function RoleNotice({ permission }: { permission: WorkspacePermission }) {
  const { allowed, role, workspaceName } = useWorkspacePermission(permission);
  if (allowed || !role || !workspaceName) return null;
  return (
    <p className="notice" role="status">
      {workspaceMessages.roleNotice(workspaceName, role, permission)}
    </p>
  );
}
