import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DisplayNameRequest,
  type DisplayNameResponse,
  displayNameRequestSchema,
  displayNameResponseSchema,
} from '#shared/schemas/account';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { type Me, meQueryKey } from '#web/lib/get-me';

/** PUT /api/me/display-name: the name public pages give the user as a curator (null removes it). */
export function putDisplayName(request: DisplayNameRequest): Promise<DisplayNameResponse> {
  return apiRequest('/me/display-name', {
    method: 'PUT',
    bodySchema: displayNameRequestSchema,
    body: request,
    schema: displayNameResponseSchema,
  });
}

/** Saving the display name; the cached /api/me takes the answer, so every screen shows it at once. */
export function usePutDisplayName() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: putDisplayName,
    onSuccess: ({ displayName }) => {
      if (!user) return;
      queryClient.setQueryData<Me>(meQueryKey(user.userId), (me) => (me ? { ...me, displayName } : me));
    },
  });
}
