import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { type WorkspaceSummaryView, workspaceSummarySchema } from '#shared/schemas/workspaces';
import { apiRequest } from './api-client';
import { useAuth } from './auth-context';
import { useCurrentWorkspaceId } from './current-workspace';

const workspacesResponseSchema = z.object({ workspaces: z.array(workspaceSummarySchema) });

const workspacesQueryKey = (userId: string) => ['workspaces', userId] as const;

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
