import { mediaSchema } from '#shared/schemas/media';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/media/uploads/{uploadId}/complete: the server checks, decodes and re-encodes the file and stores it. */
export function completeUpload(uploadId: string) {
  return apiRequest(`/media/uploads/${encodeURIComponent(uploadId)}/complete`, {
    method: 'POST',
    schema: mediaSchema,
  });
}
