import { generationMessageSchema } from '../shared/schemas/generation';

/**
 * The local stack's crash recovery, run by the local queue for each message a worker had received
 * when the last run stopped (before delivering it again). That worker died with the old process, and
 * no other process runs on the data folder, so its claim is given back at once: a running generation
 * job goes back to queued, a publish run's lease is expired (the run then resumes at its first post
 * not made, checking whether the post it was making went out). In the cloud the redelivery comes only
 * after the visibility timeout, which outlasts the worker, so the claim has gone stale by then.
 */
export async function recoverInFlightMessage(queue: string, body: string): Promise<void> {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return;
  }
  const now = new Date().toISOString();
  if (queue === 'threadsnip-generation') {
    const job = generationMessageSchema.safeParse(message);
    if (!job.success) return;
    const { releaseJobAttempt } = await import('../functions/data/generation-job-repository');
    await releaseJobAttempt(job.data.userId, job.data.jobId, now);
  } else if (queue === 'threadsnip-publishing') {
    const { publishMessageSchema } = await import('../functions/services/publishing/publish-thread');
    const publish = publishMessageSchema.safeParse(message);
    if (!publish.success) return;
    const { expirePublishRunLease, getPublishRun } = await import('../functions/data/publish-run-repository');
    const { userId, threadId, platform, accountId } = publish.data;
    const run = await getPublishRun(userId, threadId, platform, accountId ?? null);
    if (run?.runId === publish.data.runId) await expirePublishRunLease(run, now);
  }
}
