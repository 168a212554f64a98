import {
  type CreateGenerationJobRequest,
  createGenerationJobRequestSchema,
  type GenerationJob,
  generationJobSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '#shared/schemas/generation';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/generation-jobs: queues a new thread (charged 1 credit on success) or, with threadId,
 * a free regeneration of one. 402 when the balance is under 1. The same `idempotencyKey` (one per
 * Generate click) returns the first job, so a retry after a network error never charges twice.
 */
export function createGenerationJob(
  request: CreateGenerationJobRequest,
  idempotencyKey: string,
): Promise<GenerationJob> {
  return apiRequest('/generation-jobs', {
    method: 'POST',
    bodySchema: createGenerationJobRequestSchema,
    body: request,
    schema: generationJobSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
