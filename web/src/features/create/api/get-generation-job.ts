import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GenerationJob, generationJobSchema } from '#shared/schemas/generation';
import { apiRequest } from '#web/lib/api-client';

/**
 * How a queued or running job is polled: the first look right away, then after 100 ms (a sample
 * thread is ready about 250 ms after its job is queued, and every 100 ms of waiting shows), then
 * each wait 1.5 times the last, so a slow model is not asked five times a second while the preview
 * still shows within two seconds of the worker ending. `npm run bench:click` shows the wait.
 */
export const JOB_POLL_BACKOFF = { firstMs: 100, factor: 1.5, maxMs: 2_000 } as const;

/** The wait before the next look at a job already fetched `fetches` times: 100, 150, 225 … 2000 ms. */
export function jobPollDelay(fetches: number): number {
  const { firstMs, factor, maxMs } = JOB_POLL_BACKOFF;
  return Math.min(maxMs, Math.round(firstMs * factor ** Math.max(0, fetches - 1)));
}

/** GET /api/generation-jobs/{jobId}: the job's status, with the full thread once it succeeded. */
export function getGenerationJob(jobId: string, signal?: AbortSignal): Promise<GenerationJob> {
  return apiRequest(`/generation-jobs/${encodeURIComponent(jobId)}`, { schema: generationJobSchema, signal });
}

/** True while the worker has not finished the job. */
export function isJobActive(job: Pick<GenerationJob, 'status'> | undefined): boolean {
  return !job || job.status === 'queued' || job.status === 'running';
}

/** Query options that poll a job, with back-off, until it succeeds or fails. */
export function generationJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: ['generation-job', jobId] as const,
    queryFn: ({ signal }) => getGenerationJob(jobId, signal),
    refetchInterval: (query) => (isJobActive(query.state.data) ? jobPollDelay(query.state.dataUpdateCount) : false),
    // Keep polling when the tab is in the background: the user expects the preview on return.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
    retry: 2,
    retryDelay: 500,
  });
}

/** Follows one generation job (idle without an id); polling stops when the component unmounts. */
export function useGenerationJob(jobId: string | null) {
  return useQuery({ ...generationJobQueryOptions(jobId ?? ''), enabled: Boolean(jobId) });
}
