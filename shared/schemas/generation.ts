import * as z from 'zod';
import { isKnownLanguage } from '../languages';
import { languageTagSchema } from './article';
import { threadSchema, toneSchema } from './thread';

/** A thread's language as the input step offers it: a known language's BCP 47 primary tag. */
export const threadLanguageSchema = languageTagSchema.refine(isKnownLanguage, 'Please choose a language from the list');

/** The article URL as the API accepts it: http(s) only. */
export const articleUrlSchema = z
  .string()
  .trim()
  .max(2048, 'URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, 'Please enter a valid URL');

/** POST /api/extract-article */
export const extractArticleRequestSchema = z.object({ url: articleUrlSchema });

/** POST /api/check-content-sensitivity */
export const checkContentRequestSchema = z.object({ content: z.string().max(20_000) });

/** POST /api/generation-jobs: a new thread, or (with threadId) a regeneration of one of the caller's. */
export const createGenerationJobRequestSchema = z.object({
  url: articleUrlSchema,
  tone: toneSchema.default('professional'),
  threadId: z.uuid().optional(),
  /** The thread's language when the curator chose another than the article's (the AI writer translates). */
  language: threadLanguageSchema.optional(),
});
export type CreateGenerationJobRequest = z.infer<typeof createGenerationJobRequestSchema>;

/** The `Idempotency-Key` header of a Generate: one per click, reused when the same click is retried. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key must be 8 to 128 visible ASCII characters');

/** What the generation queue carries: the job, in its owner's partition. */
export const generationMessageSchema = z.object({ userId: z.string().min(1), jobId: z.uuid() });
export type GenerationMessage = z.infer<typeof generationMessageSchema>;

/** GET /api/generation-jobs/{jobId} path parameters. */
export const generationJobParamsSchema = z.object({ jobId: z.uuid() });

export const GENERATION_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** Why a job failed, so the client picks the right screen. */
export const GENERATION_FAILURE_KINDS = [
  'extraction',
  'busy',
  'insufficient_credits',
  'generation',
  'internal',
] as const;

/** GET /api/generation-jobs/{jobId} */
export const generationJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(GENERATION_JOB_STATUSES),
  url: z.string(),
  tone: toneSchema,
  /** The thread's language asked for; absent: the article's. */
  language: z.string().optional(),
  threadId: z.string(),
  isNewThread: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  error: z.string().nullable(),
  failureKind: z.enum(GENERATION_FAILURE_KINDS).nullable(),
  retryable: z.boolean(),
  /** Present once the job succeeded, so the preview shows without another request. */
  thread: threadSchema.nullable(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;
