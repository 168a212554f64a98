import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AuthorPostsResponse,
  authorPostsResponseSchema,
  type QuotingPlatform,
} from '#shared/schemas/author-posts';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/threads/{threadId}/author-posts: per platform, the author's own post the credit can quote. */
export function getAuthorPosts(
  threadId: string,
  platforms: readonly QuotingPlatform[],
  signal?: AbortSignal,
): Promise<AuthorPostsResponse> {
  const query = new URLSearchParams({ platforms: platforms.join(',') });
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/author-posts?${query}`, {
    schema: authorPostsResponseSchema,
    signal,
  });
}

/** Searched once per thread and platform set while the share step is open: a post found stays found. */
export const authorPostsQueryOptions = (threadId: string, platforms: readonly QuotingPlatform[]) =>
  queryOptions({
    queryKey: ['author-posts', threadId, [...platforms].sort().join(',')] as const,
    queryFn: ({ signal }) => getAuthorPosts(threadId, platforms, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** The author's posts on the chosen platforms that can quote; nothing is asked when none of them can. */
export function useAuthorPosts(threadId: string, platforms: readonly QuotingPlatform[]) {
  return useQuery({ ...authorPostsQueryOptions(threadId, platforms), enabled: platforms.length > 0 });
}
