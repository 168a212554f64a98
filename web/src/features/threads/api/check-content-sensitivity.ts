import { useMutation } from '@tanstack/react-query';
import { type Sensitivity, sensitivitySchema } from '#shared/schemas/article';
import { checkContentRequestSchema } from '#shared/schemas/generation';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/check-content-sensitivity: the content-safety rules (400 with their message) and the
 * sensitivity classifier, run on an edited post before it is saved.
 */
export function checkContentSensitivity(content: string): Promise<Sensitivity> {
  return apiRequest('/check-content-sensitivity', {
    method: 'POST',
    bodySchema: checkContentRequestSchema,
    body: { content },
    schema: sensitivitySchema,
  });
}

/** The sensitivity check as a mutation (it is an action of the editor, not cached data). */
export function useCheckContentSensitivity() {
  return useMutation({ mutationFn: checkContentSensitivity });
}
