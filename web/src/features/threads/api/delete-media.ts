import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client';
import { mediaQueryKey } from '#web/lib/query-keys';

/** DELETE /api/media/{mediaId}: removes a stored picture (and frees its bytes of the user's quota). */
export function deleteMedia(mediaId: string): Promise<void> {
  return apiRequest(`/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE' });
}

/** Deleting a picture no post refers to; its cached URL goes with it. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_, mediaId) => queryClient.removeQueries({ queryKey: mediaQueryKey(mediaId) }),
  });
}
