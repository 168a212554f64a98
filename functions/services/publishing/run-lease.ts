import type { PublishStatus } from '#shared/schemas/publishing';
import { queues } from '../../manifest';

/** SQS delays at most 15 minutes; a longer Retry-After is waited out in several hops. */
export const MAX_DELAY_SECONDS = 900;

const worker = queues.find((queue) => queue.name === 'publishing');
/** A worker holds a run for its whole timeout, so a second delivery never posts alongside it. */
export const LEASE_MS = (worker?.timeoutSeconds ?? 60) * 1000;

/**
 * A run under way that nothing will move on: a worker took it and stopped (its lease ran out), or it
 * waits unclaimed longer than any message of it can be delayed (its message was lost). Queuing it
 * again is safe: one worker at a time holds it, and it resumes at the first post not made.
 */
export function isStalled(
  run: { status: PublishStatus; leaseUntil: number | null; updatedAt: string },
  nowMs: number,
): boolean {
  if (run.status !== 'pending' && run.status !== 'posting') return false;
  if (run.leaseUntil !== null) return run.leaseUntil < nowMs;
  return Date.parse(run.updatedAt) + MAX_DELAY_SECONDS * 1000 + LEASE_MS < nowMs;
}
