import * as z from 'zod';
import { generationJobSchema, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from './generation';

/** Where a program follows a thread-from-URL job of the public API (GET /v1/jobs/{jobId}). */
export function jobStatusPath(jobId: string): string {
  return `/v1/jobs/${encodeURIComponent(jobId)}`;
}

/**
 * POST /v1/threads (202) and GET /v1/jobs/{jobId}: the app's generation job, with the address to
 * poll until its `status` is `succeeded` (then `thread` holds the thread) or `failed`.
 */
export const publicJobSchema = generationJobSchema.extend({ statusUrl: z.string() });

/** POST /v1/threads's optional header: a retry with the same key returns the first job, charged once. */
export const idempotencyHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });
