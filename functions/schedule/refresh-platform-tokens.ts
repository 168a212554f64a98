import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { refreshExpiringTokens, type TokenRefreshSummary } from '../services/connections/refresh-expiring-tokens';

/** EventBridge rule once a day: refreshes idle Threads tokens that expire within a week. */
export const handler = middy<ScheduledEvent, TokenRefreshSummary>().handler(async (event) =>
  refreshExpiringTokens(new Date(event.time ?? Date.now())),
);
