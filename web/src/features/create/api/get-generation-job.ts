import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GenerationJob, generationJobSchema } from '#shared/schemas/generation';
import { apiRequest } from '#web/lib/api-client';

/** How often a queued or running job is polled, so the preview shows soon after the worker ends. */
export const JOB_POLL_INTERVAL_MS = 200;

/** GET /api/generation-jobs/{jobId}: the job's status, with the full thread once it succeeded. */
export function getGenerationJob(jobId: string, signal?: AbortSignal): Promise<GenerationJob> {
  return apiRequest(`/generation-jobs/${encodeURIComponent(jobId)}`, { schema: generationJobSchema, signal });
}

/** True while the worker has not finished the job. */
export function isJobActive(job: Pick<GenerationJob, 'status'> | undefined): boolean {
  return !job || job.status === 'queued' || job.status === 'running';
}

/** Query options that poll a job every 200 ms until it succeeds or fails. */
export function generationJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: ['generation-job', jobId] as const,
    queryFn: ({ signal }) => getGenerationJob(jobId, signal),
    refetchInterval: (query) => (isJobActive(query.state.data) ? JOB_POLL_INTERVAL_MS : false),
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
