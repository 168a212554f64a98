import { HOUR_MS, takeWindowBudget as take } from '../../data/rate-limit-repository';
import { config } from '../../lib/config';

const DAY_MS = 24 * HOUR_MS;

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
