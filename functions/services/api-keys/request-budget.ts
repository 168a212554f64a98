/** Each API key's request budget on the public API (/v1), and the RateLimit headers that report it. */
import { apiKeyMessages } from '#shared/messages/api-keys';
import { takeWindowBudget } from '../../data/rate-limit-repository';
import { config } from '../../lib/config';
import { RateLimitedError } from '../../lib/errors';
import type { ApiKeyCredential } from '../../lib/http-handler';

/** A key's budget is counted per fixed clock minute (API_KEY_REQUESTS_PER_MINUTE requests in each). */
export const API_KEY_WINDOW_MS = 60_000;

/**
 * The RateLimit fields (IETF httpapi draft, structured form): the policy, then what is left and
 * the seconds until the window resets.
 */
function rateLimitHeaders(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-policy': `"per-key";q=${limit};w=${API_KEY_WINDOW_MS / 1000}`,
    ratelimit: `"per-key";r=${remaining};t=${resetSeconds}`,
  };
}

/**
 * Counts one request of the key (its counter is in its creator's partition, one per key): the
 * headers to answer with; when the window's budget is spent, a 429 with Retry-After and the same headers.
 */
export async function takeApiKeyRequest(
  credential: ApiKeyCredential,
  userId: string,
  now: Date,
): Promise<Record<string, string>> {
  const limit = config().rateLimits.apiKeyRequestsPerMinute;
  try {
    const state = await takeWindowBudget(
      userId,
      `api-key-${credential.keyId}`,
      API_KEY_WINDOW_MS,
      limit,
      apiKeyMessages.rateLimited,
      now,
    );
    return rateLimitHeaders(limit, state.remaining, state.resetSeconds);
  } catch (error) {
    if (error instanceof RateLimitedError)
      Object.assign(error.headers, rateLimitHeaders(limit, 0, Number(error.headers['retry-after'])));
    throw error;
  }
}
