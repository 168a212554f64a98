import { useMutation } from '@tanstack/react-query';
import { type DeleteAccountRequest, deleteAccountRequestSchema } from '#shared/schemas/account';
import { apiRequest } from '#web/lib/api-client';

/** DELETE /api/me: removes everything of the user; the server checks the typed email. */
export function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  return apiRequest<void>('/me', { method: 'DELETE', bodySchema: deleteAccountRequestSchema, body: request });
}

/** Mutation wrapping deleteAccount; the caller signs out and navigates on success. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
