import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type QuoteCardRequest, quoteCardRequestSchema, quoteCardResponseSchema } from '#shared/schemas/media';
import { apiRequest } from '#web/lib/api-client';
import { mediaQueryKey } from '#web/lib/query-keys';

/** POST /api/threads/{threadId}/posts/{postId}/quote-card: renders a card from the post's source passage. */
export function createQuoteCard(threadId: string, postId: string, request: QuoteCardRequest) {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/posts/${encodeURIComponent(postId)}/quote-card`, {
    method: 'POST',
    bodySchema: quoteCardRequestSchema,
    body: request,
    schema: quoteCardResponseSchema,
  });
}

/** Makes a quote card; the stored picture is cached so its thumbnail shows without another request. */
export function useCreateQuoteCard(threadId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: QuoteCardRequest) => createQuoteCard(threadId, postId, request),
    onSuccess: ({ media }) => queryClient.setQueryData(mediaQueryKey(media.id), media),
  });
}
