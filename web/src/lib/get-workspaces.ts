import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { type WorkspaceSummaryView, workspaceSummarySchema } from '#shared/schemas/workspaces';
import { roleAllows, type WorkspacePermission, type WorkspaceRole } from '#shared/workspaces/roles';
import { apiRequest } from './api-client';
import { useAuth } from './auth-context';
import { useCurrentWorkspaceId } from './current-workspace';

const workspacesResponseSchema = z.object({ workspaces: z.array(workspaceSummarySchema) });

export const workspacesQueryKey = (userId: string) => ['workspaces', userId] as const;

/** GET /api/workspaces: the user's workspaces, personal first, with their role in each. */
export function useWorkspaces() {
  const { user } = useAuth();
  return useQuery({
    queryKey: workspacesQueryKey(user?.userId ?? ''),
    queryFn: async () => (await apiRequest('/workspaces', { schema: workspacesResponseSchema })).workspaces,
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}

/** The workspace the app is in, once the user's workspaces have loaded (their personal one by default). */
export function useCurrentWorkspace(): WorkspaceSummaryView | undefined {
  const workspaces = useWorkspaces().data ?? [];
  const currentId = useCurrentWorkspaceId();
  return workspaces.find((workspace) => workspace.id === currentId) ?? workspaces.find((w) => w.personal);
}

/**
 * Whether the user's role in the current workspace allows `permission` (shared/workspaces/roles.ts,
 * the table the server enforces), with the role and workspace to name in a notice. True in the
 * personal workspace and while the workspaces load: the server refuses what is not allowed anyway.
 */
export function useWorkspacePermission(permission: WorkspacePermission): {
  allowed: boolean;
  role: WorkspaceRole | null;
  workspaceName: string | null;
} {
  const workspace = useCurrentWorkspace();
  if (!workspace || workspace.personal) return { allowed: true, role: null, workspaceName: null };
  return { allowed: roleAllows(workspace.role, permission), role: workspace.role, workspaceName: workspace.name };
}
