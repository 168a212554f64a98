/**
 * When a failed webhook delivery is tried again: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 6 h 24 min
 * 55 s, so the last try is 24 hours after the first; after it the endpoint is disabled. Every delay
 * is scaled by `scale` (tests shorten it through WEBHOOK_RETRY_SCALE).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 23_095] as const;
/** Tries in all: the first and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** The seconds to wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed; null: no more tries. */
export function retryDelaySeconds(attempt: number, scale = 1): number | null {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1];
  return delay === undefined ? null : delay * scale;
}

/** Whether a delivery that got `status` (null: no answer at all) may succeed later. */
export function isRetryableFailure(status: number | null): boolean {
  if (status === null) return true;
  if (status >= 200 && status < 300) return false;
  // A redirect is a failure (never followed): the receiver may fix its address.
  if (status >= 300 && status < 400) return true;
  if (status === 408 || status === 429) return true;
  return status >= 500;
}

/** SQS delays a message at most 15 minutes: a longer wait is made of steps of at most this. */
export const QUEUE_DELAY_MAX_SECONDS = 900;

/** The delay of the next step toward `dueAt` from `now` (0 when due). */
export function nextStepDelaySeconds(dueAt: Date, now: Date): number {
  const remaining = Math.ceil((dueAt.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(QUEUE_DELAY_MAX_SECONDS, remaining));
}
