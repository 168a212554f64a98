import { takeFromBudget } from '../../data/rate-limit-repository';
import { config } from '../../lib/config';
import { RateLimitedError } from '../../lib/errors';

export const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The fixed window of `lengthMs` that holds `now`: its name (start time) and its end. */
function windowOf(now: Date, lengthMs: number): { name: string; end: Date } {
  const start = Math.floor(now.getTime() / lengthMs) * lengthMs;
  return { name: new Date(start).toISOString(), end: new Date(start + lengthMs) };
}

/** Counts one use of `budget` in the window of `lengthMs` holding `now`; a 429 with Retry-After when spent. */
export async function take(
  userId: string,
  budget: string,
  lengthMs: number,
  limit: number,
  message: string,
  now: Date,
) {
  const window = windowOf(now, lengthMs);
  if (await takeFromBudget(userId, budget, window.name, window.end, limit)) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
  throw new RateLimitedError(message, retryAfterSeconds);
}

/**
 * Every generation request (new or regenerated) costs a model call, so each user has a budget of
 * requests per hour and, for each thread, of regenerations per UTC day. Throws a 429 when spent.
 */
export async function takeGenerationBudget(userId: string, regeneratedThreadId: string | undefined, now: Date) {
  const { generationsPerHour, regenerationsPerThreadPerDay } = config().rateLimits;
  if (regeneratedThreadId) {
    await take(
      userId,
      `regenerate#${regeneratedThreadId}`,
      DAY_MS,
      regenerationsPerThreadPerDay,
      `You can regenerate a thread at most ${regenerationsPerThreadPerDay} times a day (${regenerationsPerThreadPerDay} regenerations per thread per day). Please try again tomorrow.`,
      now,
    );
  }
  await take(
    userId,
    'generation',
    HOUR_MS,
    generationsPerHour,
    `You have reached the limit of ${generationsPerHour} generation requests per hour. Please try again later.`,
    now,
  );
}
