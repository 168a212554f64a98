import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PlugDefaultRequest,
  type PlugDefaultResponse,
  plugDefaultRequestSchema,
  plugDefaultResponseSchema,
} from '#shared/schemas/account';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { type Me, meQueryKey } from '#web/lib/get-me';

/** PUT /api/me/plug-default: the plug the user's new threads start with. */
export function putPlugDefault(request: PlugDefaultRequest): Promise<PlugDefaultResponse> {
  return apiRequest('/me/plug-default', {
    method: 'PUT',
    bodySchema: plugDefaultRequestSchema,
    body: request,
    schema: plugDefaultResponseSchema,
  });
}

/** Saving the plug default; the cached /api/me takes the answer, so the share step starts from it at once. */
export function usePutPlugDefault() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: putPlugDefault,
    onSuccess: ({ plugDefault }) => {
      if (!user) return;
      queryClient.setQueryData<Me>(meQueryKey(user.userId), (me) => (me ? { ...me, plugDefault } : me));
    },
  });
}
