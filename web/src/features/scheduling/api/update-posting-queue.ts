import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PostingQueue, postingQueueSchema } from '#shared/schemas/scheduling';
import { apiRequest } from '#web/lib/api-client';
import { postingQueueQueryKey } from './get-posting-queue';

/** PUT /api/scheduling/queue: replaces the weekly slots and the time zone. */
export function updatePostingQueue(queue: PostingQueue): Promise<PostingQueue> {
  return apiRequest('/scheduling/queue', {
    method: 'PUT',
    bodySchema: postingQueueSchema,
    body: queue,
    schema: postingQueueSchema,
  });
}

/** Saves the queue; the answer becomes the cached queue, and every scheduled time is shown in its zone. */
export function useUpdatePostingQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePostingQueue,
    onSuccess: (queue) => queryClient.setQueryData(postingQueueQueryKey, queue),
  });
}
