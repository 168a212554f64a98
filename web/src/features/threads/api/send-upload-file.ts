import type { CreateUploadResponse } from '#shared/schemas/media';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#web/lib/api-client';

/**
 * Sends the file to the storage's presigned POST: a multipart form with the signed fields first and
 * the file last (the storage ignores fields after the file). Not our API, so no bearer token.
 */
export async function sendUploadFile(upload: CreateUploadResponse, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(upload.url, { method: 'POST', body: form });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, `The upload was refused (HTTP ${response.status})`);
}
