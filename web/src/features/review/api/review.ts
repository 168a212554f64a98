import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCommentRequestSchema,
  approveRequestSchema,
  type ReviewComment,
  requestChangesRequestSchema,
  reviewCommentSchema,
  type ThreadReview,
  threadReviewSchema,
} from '#shared/schemas/review';
import { apiRequest } from '#web/lib/api-client';

const path = (threadId: string) => `/threads/${encodeURIComponent(threadId)}`;

/** Cache key of a thread's review as of one version of it (a save refetches it). */
const reviewQueryKey = (threadId: string, version: string) => ['thread-review', threadId, version] as const;

/** GET /api/threads/{threadId}/review: the review's state and comments; `version` is the thread as shown. */
export function useThreadReview(threadId: string, version: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewQueryKey(threadId, version),
    queryFn: (): Promise<ThreadReview> => apiRequest(`${path(threadId)}/review`, { schema: threadReviewSchema }),
    enabled,
  });
}

/** The review steps of one thread; each answers the review, which replaces the cached one. */
export function useReviewActions(threadId: string, version: string) {
  const queryClient = useQueryClient();
  const store = (review: ThreadReview) => queryClient.setQueryData(reviewQueryKey(threadId, version), review);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['thread-review', threadId] });
  return {
    send: useMutation({
      mutationFn: () => apiRequest(`${path(threadId)}/review`, { method: 'POST', schema: threadReviewSchema }),
      onSuccess: store,
    }),
    approve: useMutation({
      mutationFn: () =>
        apiRequest(`${path(threadId)}/review/approve`, {
          method: 'POST',
          bodySchema: approveRequestSchema,
          body: { version },
          schema: threadReviewSchema,
        }),
      onSuccess: store,
    }),
    requestChanges: useMutation({
      mutationFn: (comment: string) =>
        apiRequest(`${path(threadId)}/review/request-changes`, {
          method: 'POST',
          bodySchema: requestChangesRequestSchema,
          body: { version, comment },
          schema: threadReviewSchema,
        }),
      onSuccess: store,
    }),
    comment: useMutation({
      mutationFn: (request: { postId?: string; text: string }): Promise<ReviewComment> =>
        apiRequest(`${path(threadId)}/comments`, {
          method: 'POST',
          bodySchema: addCommentRequestSchema,
          body: request,
          schema: reviewCommentSchema,
        }),
      onSuccess: refresh,
    }),
  };
}
