import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminActionRequest,
  type AdminActionResponse,
  adminActionRequestSchema,
  adminActionResponseSchema,
} from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/admin/actions (secure-admin-action): answers the message the Success toast shows. */
export function runAdminAction(request: AdminActionRequest): Promise<AdminActionResponse> {
  return apiRequest('/admin/actions', {
    method: 'POST',
    bodySchema: adminActionRequestSchema,
    body: request,
    schema: adminActionResponseSchema,
  });
}

/** Runs an admin action; the balances it may change (header, sidebar chip, admin lists) are reloaded. */
export function useRunAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['me'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}
