import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type UpdateUserRoleRequest,
  updateUserRoleRequestSchema,
  updateUserRoleResponseSchema,
} from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** PUT /api/admin/users/{userId}/role (update_user_role_secure). */
export function updateUserRole(userId: string, request: UpdateUserRoleRequest) {
  return apiRequest(`/admin/users/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    bodySchema: updateUserRoleRequestSchema,
    body: request,
    schema: updateUserRoleResponseSchema,
  });
}

/** Changes a user's role, then reloads the users list. */
export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateUserRoleRequest) => updateUserRole(userId, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
