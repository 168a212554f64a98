import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { utcDate } from '../../shared/dates';
import { refreshAllFreeCredits } from '../services/credits/refresh-free-credits';

/** EventBridge rule at 00:00 UTC: the day's free credits for everyone. */
export const handler = middy<ScheduledEvent, { refreshed: number }>().handler(async (event) =>
  refreshAllFreeCredits(utcDate(new Date(event.time ?? Date.now()))),
);
