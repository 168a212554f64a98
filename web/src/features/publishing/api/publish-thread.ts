import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PublishRequest,
  type PublishStatusResponse,
  publishRequestSchema,
  publishStatusResponseSchema,
} from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';
import { publishStatusQueryKey } from './get-publish-status';

/** POST /api/threads/{threadId}/publish: queues one message per platform, staggered by the server. */
export function publishThread(threadId: string, request: PublishRequest): Promise<PublishStatusResponse> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/publish`, {
    method: 'POST',
    bodySchema: publishRequestSchema,
    body: request,
    schema: publishStatusResponseSchema,
  });
}

/** Publishes; the answer (every chosen platform pending) becomes the live status at once, so old rows never show as this run's. */
export function usePublishThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishRequest) => publishThread(threadId, request),
    onSuccess: (status) => queryClient.setQueryData(publishStatusQueryKey(threadId), status),
  });
}
