import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ThreadVisibility,
  type ThreadVisibilityRequest,
  threadVisibilityRequestSchema,
  threadVisibilitySchema,
} from '#shared/schemas/public';
import type { Thread } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { type Me, meQueryKey } from '#web/lib/get-me';
import { threadQueryKey } from '#web/lib/query-keys';
import { threadWebmentionQueryKey } from './get-thread-webmention';

/** PUT /api/threads/{threadId}/visibility: makes the caller's thread public (indexable or not) or private. */
export function putThreadVisibility(threadId: string, request: ThreadVisibilityRequest): Promise<ThreadVisibility> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/visibility`, {
    method: 'PUT',
    bodySchema: threadVisibilityRequestSchema,
    body: request,
    schema: threadVisibilitySchema,
  });
}

/**
 * Changing who can see a thread; the cached thread takes the answer, and the Webmention's state is
 * polled afresh (its back-off restarted) rather than the whole thread read again. A display name sent
 * along is now the account's, in the cached /api/me too.
 */
export function usePutThreadVisibility(threadId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (request: ThreadVisibilityRequest) => putThreadVisibility(threadId, request),
    onSuccess: (visibility, request) => {
      const { displayName } = request;
      if (displayName && user) {
        queryClient.setQueryData<Me>(meQueryKey(user.userId), (me) => (me ? { ...me, displayName } : me));
      }
      queryClient.setQueryData<Thread>(threadQueryKey(threadId), (thread) =>
        thread
          ? {
              ...thread,
              isPublic: visibility.isPublic,
              allowIndexing: visibility.allowIndexing,
              publicId: visibility.publicId,
            }
          : thread,
      );
      void queryClient.resetQueries({ queryKey: threadWebmentionQueryKey(threadId) });
    },
  });
}
