import type { ScheduledEvent } from 'aws-lambda';
import { jobHandler } from '../lib/job-handler';
import { fanOutDuePolls } from '../services/feeds/fan-out';

/** EventBridge rule every 30 minutes: one feeds-queue message per due feed. */
export const handler = jobHandler('fan-out-feed-polls', async (event: ScheduledEvent) =>
  fanOutDuePolls(new Date(event.time ?? Date.now())),
);
