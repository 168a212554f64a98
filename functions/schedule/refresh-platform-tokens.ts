import type { ScheduledEvent } from 'aws-lambda';
import { jobHandler } from '../lib/job-handler';
import { refreshExpiringTokens, type TokenRefreshSummary } from '../services/connections/refresh-expiring-tokens';

/** EventBridge rule once a day: refreshes idle Threads tokens that expire within a week. */
export const handler = jobHandler(
  'refresh-platform-tokens',
  async (event: ScheduledEvent): Promise<TokenRefreshSummary> =>
    refreshExpiringTokens(new Date(event.time ?? Date.now())),
);
