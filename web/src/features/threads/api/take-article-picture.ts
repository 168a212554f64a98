import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteCardResponseSchema } from '#shared/schemas/media';
import { apiRequest } from '#web/lib/api-client';
import { mediaQueryKey } from '#web/lib/query-keys';

/** POST /api/threads/{threadId}/article-picture: stores the article's own picture, with its alt text and credit. */
export function takeArticlePicture(threadId: string) {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/article-picture`, {
    method: 'POST',
    schema: quoteCardResponseSchema,
  });
}

/** Takes the article's picture; the stored picture is cached so its thumbnail shows without another request. */
export function useTakeArticlePicture(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => takeArticlePicture(threadId),
    onSuccess: ({ media }) => queryClient.setQueryData(mediaQueryKey(media.id), media),
  });
}
