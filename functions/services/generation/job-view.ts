import { apiErrorMessages } from '#shared/messages/api-errors';
import type { GenerationJob } from '#shared/schemas/generation';
import { type GenerationJobRecord, getJob } from '../../data/generation-job-repository';
import { getThreadForUser } from '../../data/thread-repository';
import { NotFoundError } from '../../lib/errors';

// Apart from run-job.ts so the polling route loads no extraction or NLP code.

/** A job as the API shows it, with its thread once it succeeded. */
export async function toView(job: GenerationJobRecord): Promise<GenerationJob> {
  const thread = job.status === 'succeeded' ? await getThreadForUser(job.userId, job.threadId) : null;
  return {
    jobId: job.jobId,
    status: job.status,
    url: job.url,
    tone: job.tone,
    ...(job.language ? { language: job.language } : {}),
    threadId: job.threadId,
    isNewThread: job.isNewThread,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    error: job.error,
    failureKind: job.failureKind,
    retryable: job.retryable,
    thread,
  };
}

/** A job of the caller's, with its thread once it succeeded. */
export async function getGenerationJob(userId: string, jobId: string): Promise<GenerationJob> {
  const job = await getJob(userId, jobId);
  if (!job) throw new NotFoundError(apiErrorMessages.generation_job_not_found, 'generation_job_not_found');
  return toView(job);
}
