import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityPageSchema, type WorkspaceSettingsView, workspaceSettingsSchema } from '#shared/schemas/review';
import {
  type AcceptInvitationRequest,
  acceptInvitationRequestSchema,
  type ChangeRoleRequest,
  changeRoleRequestSchema,
  createWorkspaceRequestSchema,
  type InviteMemberRequest,
  inviteMemberRequestSchema,
  transferOwnershipRequestSchema,
  type WorkspaceMembersResponse,
  type WorkspaceSummaryView,
  workspaceMembersResponseSchema,
  workspaceSummarySchema,
} from '#shared/schemas/workspaces';
import { apiRequest } from '#web/lib/api-client';

const membersQueryKey = (workspaceId: string) => ['workspace-members', workspaceId] as const;

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

/** POST /api/workspaces: a team workspace the user owns. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<WorkspaceSummaryView> =>
      apiRequest('/workspaces', {
        method: 'POST',
        bodySchema: createWorkspaceRequestSchema,
        body: { name },
        schema: workspaceSummarySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
  });
}

/** GET /api/workspaces/{id}/members: its members, and pending invitations for those who manage members. */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: membersQueryKey(workspaceId),
    queryFn: (): Promise<WorkspaceMembersResponse> =>
      apiRequest(`${path(workspaceId)}/members`, { schema: workspaceMembersResponseSchema }),
  });
}

/** The member changes of one workspace; each refreshes its members (and the user's workspaces). */
export function useMemberActions(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
    ]);
  return {
    invite: useMutation({
      mutationFn: (request: InviteMemberRequest) =>
        apiRequest(`${path(workspaceId)}/invitations`, {
          method: 'POST',
          bodySchema: inviteMemberRequestSchema,
          body: request,
        }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        apiRequest<void>(`${path(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`, {
          method: 'DELETE',
        }),
      onSuccess: refresh,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string } & ChangeRoleRequest) =>
        apiRequest<void>(`${path(workspaceId)}/members/${encodeURIComponent(userId)}`, {
          method: 'PUT',
          bodySchema: changeRoleRequestSchema,
          body: { role },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        apiRequest<void>(`${path(workspaceId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    transfer: useMutation({
      mutationFn: (userId: string) =>
        apiRequest<void>(`${path(workspaceId)}/transfer`, {
          method: 'POST',
          bodySchema: transferOwnershipRequestSchema,
          body: { userId },
        }),
      onSuccess: refresh,
    }),
  };
}

/** POST /api/invitations/accept: joins the workspace of an invitation link. */
export function acceptInvitation(request: AcceptInvitationRequest): Promise<WorkspaceSummaryView> {
  return apiRequest('/invitations/accept', {
    method: 'POST',
    bodySchema: acceptInvitationRequestSchema,
    body: request,
    schema: workspaceSummarySchema,
  });
}

const settingsQueryKey = (workspaceId: string) => ['workspace-settings', workspaceId] as const;
const activityQueryKey = (workspaceId: string) => ['workspace-activity', workspaceId] as const;

/** GET /api/workspaces/{id}/settings: whether threads need approval, and the grace window. */
export function useWorkspaceSettings(workspaceId: string) {
  return useQuery({
    queryKey: settingsQueryKey(workspaceId),
    queryFn: (): Promise<WorkspaceSettingsView> =>
      apiRequest(`${path(workspaceId)}/settings`, { schema: workspaceSettingsSchema }),
  });
}

/** PUT /api/workspaces/{id}/settings (owners and admins); the change shows in the activity log. */
export function useSaveWorkspaceSettings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: WorkspaceSettingsView) =>
      apiRequest(`${path(workspaceId)}/settings`, {
        method: 'PUT',
        bodySchema: workspaceSettingsSchema,
        body: settings,
        schema: workspaceSettingsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey(workspaceId), saved);
      return queryClient.invalidateQueries({ queryKey: activityQueryKey(workspaceId) });
    },
  });
}

/** GET /api/workspaces/{id}/activity: the log, newest first, a page at a time. */
export function useWorkspaceActivity(workspaceId: string) {
  return useInfiniteQuery({
    queryKey: activityQueryKey(workspaceId),
    queryFn: ({ pageParam }) =>
      apiRequest(`${path(workspaceId)}/activity${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: activityPageSchema,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
