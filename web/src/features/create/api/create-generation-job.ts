import { useMutation } from '@tanstack/react-query';
import {
  type CreateGenerationJobRequest,
  type GenerationJob,
  generationJobSchema,
} from '../../../../../shared/schemas/generation';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/generation-jobs: queues a new thread (charged 1 credit on success) or, with threadId,
 * a free regeneration of one. 402 when the balance is under 1.
 */
export function createGenerationJob(request: CreateGenerationJobRequest): Promise<GenerationJob> {
  return apiRequest('/generation-jobs', { method: 'POST', body: request, schema: generationJobSchema });
}

/** Submitting a generation job. */
export function useCreateGenerationJob() {
  return useMutation({ mutationFn: createGenerationJob });
}
