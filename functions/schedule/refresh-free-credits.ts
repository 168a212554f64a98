import type { ScheduledEvent } from 'aws-lambda';
import { utcDate } from '../../shared/dates';
import { jobHandler } from '../lib/job-handler';
import { refreshAllFreeCredits } from '../services/credits/refresh-free-credits';

/** EventBridge rule at 00:00 UTC: the day's free credits for everyone. */
export const handler = jobHandler('refresh-free-credits', async (event: ScheduledEvent) =>
  refreshAllFreeCredits(utcDate(new Date(event.time ?? Date.now()))),
);
