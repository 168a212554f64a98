import { useMutation } from '@tanstack/react-query';
import {
  type PublishRequest,
  type PublishStatusResponse,
  publishStatusResponseSchema,
} from '../../../../../shared/schemas/publishing';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/threads/{threadId}/publish: queues one message per platform, staggered by the server. */
export function publishThread(threadId: string, request: PublishRequest): Promise<PublishStatusResponse> {
  return apiRequest(`/threads/${encodeURIComponent(threadId)}/publish`, {
    method: 'POST',
    body: request,
    schema: publishStatusResponseSchema,
  });
}

export function usePublishThread(threadId: string) {
  return useMutation({ mutationFn: (request: PublishRequest) => publishThread(threadId, request) });
}
