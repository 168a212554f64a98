import { type CreateUploadRequest, createUploadRequestSchema, createUploadResponseSchema } from '#shared/schemas/media';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/media/uploads: a presigned POST for one file of this type and size, in the user's own prefix. */
export function createUpload(request: CreateUploadRequest) {
  return apiRequest('/media/uploads', {
    method: 'POST',
    bodySchema: createUploadRequestSchema,
    body: request,
    schema: createUploadResponseSchema,
  });
}
