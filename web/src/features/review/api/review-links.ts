import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { chosenAccountsSchema } from '#shared/schemas/publishing';
import {
  type ClientReview,
  type CreateReviewLinkRequest,
  clientReviewSchema,
  createReviewLinkSchema,
  type ReviewDecision,
  reviewDecisionSchema,
  reviewLinkSchema,
} from '#shared/schemas/review-link';
import { platformSchema } from '#shared/schemas/thread';
import { apiRequest } from '#web/lib/api-client';

const linksPath = (threadId: string) => `/threads/${encodeURIComponent(threadId)}/review-links`;
const linksKey = (threadId: string) => ['review-links', threadId] as const;
const createdSchema = z.object({
  linkId: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  platforms: z.array(platformSchema),
  accounts: chosenAccountsSchema.optional(),
});

/** GET /api/threads/{threadId}/review-links: the thread's client review links (no tokens). */
export function useReviewLinks(threadId: string) {
  return useQuery({
    queryKey: linksKey(threadId),
    queryFn: () => apiRequest(linksPath(threadId), { schema: z.object({ links: z.array(reviewLinkSchema) }) }),
  });
}

/** Make a link for the chosen platforms, or the default ones (its URL is only in the answer) and revoke one; each refreshes the list. */
export function useReviewLinkActions(threadId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: linksKey(threadId) });
  return {
    create: useMutation({
      mutationFn: (request: CreateReviewLinkRequest) =>
        apiRequest(linksPath(threadId), {
          method: 'POST',
          bodySchema: createReviewLinkSchema,
          body: request,
          schema: createdSchema,
        }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (linkId: string) =>
        apiRequest(`${linksPath(threadId)}/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

const clientPath = (token: string) => `/review/${encodeURIComponent(token)}`;

/** GET /api/review/{token}, signed out: the thread the link names; no retry (a refusal is an answer). */
export function useClientReview(token: string) {
  return useQuery({
    queryKey: ['client-review', token],
    queryFn: (): Promise<ClientReview> =>
      apiRequest(clientPath(token), { authenticated: false, schema: clientReviewSchema }),
    retry: false,
  });
}

/** POST /api/review/{token}/decision, signed out: the client's one decision. */
export function useClientDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision): Promise<ClientReview> =>
      apiRequest(`${clientPath(token)}/decision`, {
        method: 'POST',
        authenticated: false,
        bodySchema: reviewDecisionSchema,
        body: decision,
        schema: clientReviewSchema,
      }),
    onSuccess: (review) => queryClient.setQueryData(['client-review', token], review),
  });
}
